import DetectionCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the points of a GPX file (`wpt`, `rtept`, `trkpt`, in file order) with Foundation's `XMLParser`.
///
/// Malformed XML, a point without `lat` or `lon`, or a value that is not a valid coordinate is refused with an
/// ``InputError`` naming the file, the line (`XMLParser.lineNumber`) and the problem. Element names are matched
/// without their namespace prefix, so `<gpx:wpt>` counts as `<wpt>`.
package enum GPXReader {
    /// Largest GPX file read, bytes.
    package static let maximumFileBytes = 16 << 20

    /// Parses GPX text.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the path shown in errors.
    /// - Returns: the points, in file order (may be empty).
    /// - Throws: ``InputError`` (bad data) with the line of the problem.
    package static func parse(_ data: Data, file: String) throws(InputError) -> [GPXPoint] {
        let parser = XMLParser(data: data)
        let delegate = Collector(file: file)
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        // Every element that opened must have closed: a truncated file can end the parse without an error.
        guard delegate.depth == 0 else {
            throw InputError(file: file, line: parser.lineNumber, problem: "malformed GPX (XML): the document ends inside an element")
        }
        guard ok else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw InputError(file: file, line: parser.lineNumber, problem: "malformed GPX (XML): \(reason)")
        }
        guard delegate.sawRoot else { throw InputError(file: file, line: 1, problem: "not a GPX file: no <gpx> root element") }
        return delegate.points
    }

    /// Reads a GPX file from disk.
    ///
    /// - Parameter path: the file.
    /// - Returns: the points.
    /// - Throws: ``InputError``: missing file (66), oversized or malformed file (65).
    package static func read(path: String) throws(InputError) -> [GPXPoint] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw InputError(.missingFile, file: path, problem: "no such file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumFileBytes else {
            throw InputError(file: path, problem: "is \(size) bytes; GPX files are limited to \(maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(.missingFile, file: path, problem: "cannot be read (permission?)")
        }
        InputLog.note(path: path, bytes: data)
        return try parse(data, file: path)
    }

    /// The `XMLParser` delegate: collects points, remembers the first problem and stops there.
    final class Collector: NSObject, XMLParserDelegate {
        let file: String
        var points: [GPXPoint] = []
        var error: InputError?
        var sawRoot = false
        /// Elements open now.
        var depth = 0
        /// The point being read (between its start and end tags).
        var open: GPXPoint?
        var inName = false
        var nameText = ""
        /// The point's child element whose text is being collected (`time` or `horizontalAccuracy`), if any.
        var inValue: String?
        var valueText = ""

        init(file: String) { self.file = file }

        static func local(_ name: String) -> String {
            name.split(separator: ":").last.map(String.init) ?? name
        }

        func fail(_ parser: XMLParser, _ problem: String) {
            if error == nil { error = InputError(file: file, line: parser.lineNumber, problem: problem) }
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            let name = Self.local(elementName)
            depth += 1
            if !sawRoot {
                guard name == "gpx" else { return fail(parser, "not a GPX file: the root element is <\(name)>, not <gpx>") }
                sawRoot = true
                return
            }
            if let kind = GPXPoint.Kind(rawValue: name) {
                guard let latText = attributes["lat"] else { return fail(parser, "<\(name)> has no lat attribute") }
                guard let lonText = attributes["lon"] else { return fail(parser, "<\(name)> has no lon attribute") }
                guard let lat = Double(latText.trimmingCharacters(in: .whitespaces)) else {
                    return fail(parser, "<\(name)> lat \"\(latText)\" is not a number")
                }
                guard let lon = Double(lonText.trimmingCharacters(in: .whitespaces)) else {
                    return fail(parser, "<\(name)> lon \"\(lonText)\" is not a number")
                }
                guard lat >= -90, lat <= 90, lon >= -180, lon <= 180,
                    let c = Coordinate(latitudeDegrees: lat, longitudeDegrees: lon)
                else {
                    return fail(parser, "<\(name)> lat \(latText), lon \(lonText) is not a valid position (|lat| ≤ 90, |lon| ≤ 180)")
                }
                open = GPXPoint(kind: kind, coordinate: c, name: nil, line: parser.lineNumber)
            } else if name == "name", open != nil {
                inName = true
                nameText = ""
            } else if name == "time" || name == "horizontalAccuracy", open != nil {
                inValue = name
                valueText = ""
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // swift-corelibs-foundation can report a fatal error here and still return `true` from `parse()`.
            fail(parser, "malformed GPX (XML): \((parseError as NSError).localizedDescription)")
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inName { nameText += string }
            if inValue != nil { valueText += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let name = Self.local(elementName)
            depth -= 1
            if name == "name", inName {
                inName = false
                let trimmed = nameText.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { open?.name = trimmed }
            } else if name == inValue {
                inValue = nil
                let text = valueText.trimmingCharacters(in: .whitespacesAndNewlines)
                if name == "time" {
                    guard let seconds = GPXTime.secondsSince1970(text) else {
                        return fail(parser, "<time> \"\(text)\" is not an ISO 8601 UTC time (e.g. 2026-01-01T00:00:05Z)")
                    }
                    open?.timeSeconds = seconds
                    open?.timeText = text
                } else {
                    guard let meters = Double(text), meters.isFinite else {
                        return fail(parser, "<horizontalAccuracy> \"\(text)\" is not a number of metres")
                    }
                    open?.horizontalAccuracyMeters = meters
                }
            } else if GPXPoint.Kind(rawValue: name) != nil, let point = open {
                points.append(point)
                open = nil
            }
        }
    }
}
