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
        if let line = invalidUTF8Line(data) {
            throw InputError(file: file, line: line, problem: "is not valid UTF-8 text (GPX is read as UTF-8)")
        }
        if let line = processingInstructionLine(data) {
            throw InputError(
                file: file, line: line,
                problem: "a processing instruction (<?…?>) other than the XML declaration is not supported in GPX")
        }
        if let line = declarationLine(data) {
            throw InputError(
                file: file, line: line,
                problem: "a document type or entity declaration (<!DOCTYPE, <!ENTITY) is not supported in GPX")
        }
        let parser = XMLParser(stream: InputStream(data: data))
        let delegate = Collector(file: file)
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        // Every element that opened must have closed: a truncated file can end the parse without an error.
        guard delegate.depth == 0 else {
            throw InputError(file: file, line: parser.lineNumber, problem: "malformed GPX (XML): the document ends inside an element")
        }
        guard ok else {
            let reason = parser.parserError.map { Self.words($0) } ?? "unknown error"
            throw InputError(file: file, line: parser.lineNumber, problem: "malformed GPX (XML): \(reason)")
        }
        guard delegate.sawRoot else { throw InputError(file: file, line: 1, problem: "not a GPX file: no <gpx> root element") }
        return delegate.points
    }

    /// The line of the first byte that is not part of valid UTF-8, if any.
    ///
    /// FoundationXML on Linux traps on names and text that are not UTF-8 (found by `scripts/fuzz gpx`), so the
    /// bytes are checked before the parser sees them.
    static func invalidUTF8Line(_ data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0x0A { line += 1 }
            case .emptyInput:
                return nil
            case .error:
                return line
            }
        }
    }

    /// The line of the first processing instruction other than the XML declaration, if any.
    ///
    /// FoundationXML on Linux crashes the process on some processing instructions (it passes the NULL data of
    /// `<?x?>` to `strlen`, and traps on a target that is not UTF-8); both were found by `scripts/fuzz gpx`. GPX
    /// files carry no processing instruction but the declaration `<?xml …?>` at the start (which libxml2 reads
    /// itself), so any other `<?` is refused before the parser sees the bytes, even inside a comment.
    static func processingInstructionLine(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = bytes.count
            var i = 0
            if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }  // a UTF-8 byte-order mark
            var line = 1
            // The declaration may open the document: `<?xml` then white space.
            if i + 5 < n, bytes[i] == 0x3C, bytes[i + 1] == 0x3F, bytes[i + 2] == 0x78, bytes[i + 3] == 0x6D,
                bytes[i + 4] == 0x6C, Self.isXMLSpace(bytes[i + 5])
            {
                i += 5
            }
            while i < n {
                if bytes[i] == 0x0A {
                    line += 1
                } else if bytes[i] == 0x3C, i + 1 < n, bytes[i + 1] == 0x3F {
                    return line
                }
                i += 1
            }
            return nil
        }
    }

    /// The line of the first `<!DOCTYPE` or `<!ENTITY` (any case), if any.
    ///
    /// An internal entity expanded many times was reported to cost FoundationXML quadratic time (issue 29: one
    /// entity referenced 200 000 times, 700 kB, 20 s of CPU; 4 MB more than 15 minutes; 0.8 s on the build where this
    /// check was written), and a DTD can also name external entities. GPX files never need a DTD (the GPX 1.1 schema declares none, and the five predefined entities and
    /// `&#…;` work without one), so a declaration is refused before the parser sees the bytes: a linear scan, even
    /// inside a comment.
    static func declarationLine(_ data: Data) -> Int? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = bytes.count
            var line = 1
            var i = 0
            while i < n {
                if bytes[i] == 0x0A {
                    line += 1
                } else if bytes[i] == 0x3C, i + 1 < n, bytes[i + 1] == 0x21 {
                    for word in ["DOCTYPE", "ENTITY"] where Self.startsWord(word, in: bytes, at: i + 2) { return line }
                }
                i += 1
            }
            return nil
        }
    }

    /// Whether `word` (upper-case ASCII) is at `start` in `bytes`, in any case.
    private static func startsWord(_ word: String, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let letters = Array(word.utf8)
        guard start + letters.count <= bytes.count else { return false }
        for (k, letter) in letters.enumerated() where bytes[start + k] & 0xDF != letter { return false }
        return true
    }

    private static func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Reads a GPX file from disk.
    ///
    /// - Parameter path: the file.
    /// - Returns: the points.
    /// - Throws: ``InputError``: missing file (66), oversized or malformed file (65).
    package static func read(path shown: String) throws(InputError) -> [GPXPoint] {
        // A "Scenarios/…" path from a report or the docs also opens from outside the checkout.
        let path = InputPaths.resolve(shown)
        // Through InputFile: a FIFO, socket, device or folder is refused as what it is, never waited on.
        let data = Data(try InputFile.read(path, shown: path, limit: maximumFileBytes, what: "GPX files"))
        InputLog.note(path: path, bytes: data)
        return try parse(data, file: shown)
    }

    /// An `XMLParser` error in plain words. Its codes are libxml2's `xmlParserErrors` (libxml/xmlerror.h), which
    /// Foundation passes through as `NSXMLParserErrorDomain error N`.
    static func words(_ error: any Error) -> String {
        let code = (error as NSError).code
        let text: String
        switch code {
        case 3, 4: text = "the document is empty or does not start with an element"
        case 5: text = "extra content after the end of the document"
        case 6, 7, 8: text = "an invalid character reference (&#…;)"
        case 9: text = "a character that is not allowed in XML (or not in the declared encoding)"
        case 22, 23: text = "an '&' that does not start an entity reference (write &amp;)"
        case 26, 27: text = "an undefined entity (only &amp; &lt; &gt; &quot; &apos; and &#…; are defined)"
        case 31, 32, 81: text = "an unknown or unsupported encoding"
        case 38: text = "a '<' inside an attribute value"
        case 39: text = "an attribute value that does not start with a quote"
        case 40: text = "an attribute value without its closing quote"
        case 41: text = "an attribute without a value"
        case 42: text = "the same attribute twice in one tag"
        case 45: text = "a comment that is not closed (-->)"
        case 57: text = "an XML declaration that is not closed (?>)"
        case 63: text = "a CDATA section that is not closed (]]>)"
        case 64: text = "a reserved name (xml) used as a processing instruction"
        case 65: text = "a space is missing (e.g. between attributes)"
        case 68: text = "a missing or invalid element name after '<'"
        case 73: text = "a tag without its closing '>'"
        case 74: text = "an end tag without its '</'"
        case 75: text = "an attribute without '=' before its value"
        case 76: text = "an end tag that does not match the open element"
        case 77: text = "an element that is not closed before the end of the document"
        case 85: text = "elements that are not properly nested"
        case 86: text = "extra content after the root element"
        case 89: text = "an entity that refers to itself"
        case 111: text = "parsing stopped"
        default: text = "XML error \(code) (libxml2 xmlParserErrors)"
        }
        return text
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

        /// Keeps the first problem. The parse is not aborted: `abortParsing()` on a stream-fed parser lets
        /// FoundationXML hand libxml2 the next chunk of a stopped parser, which crashes (found by `scripts/fuzz
        /// gpx`); every callback ignores what follows the first problem instead, and libxml2 stops by itself at
        /// a well-formedness error.
        func fail(_ parser: XMLParser, _ problem: String) {
            if error == nil { error = InputError(file: file, line: parser.lineNumber, problem: problem) }
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            guard error == nil else { return }
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
                guard let lat = DecimalText.double(latText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return fail(parser, "<\(name)> lat \"\(latText)\" is not a decimal number")
                }
                guard let lon = DecimalText.double(lonText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    return fail(parser, "<\(name)> lon \"\(lonText)\" is not a decimal number")
                }
                guard lat >= -90, lat <= 90, lon >= -180, lon <= 180,
                    let point = GPXPoint(kind: kind, latitudeDegrees: lat, longitudeDegrees: lon, name: nil, line: parser.lineNumber)
                else {
                    return fail(parser, "<\(name)> lat \(latText), lon \(lonText) is not a valid position (|lat| ≤ 90, |lon| ≤ 180)")
                }
                open = point
            } else if name == "name", open != nil {
                inName = true
                nameText = ""
            } else if name == "time" || name == "horizontalAccuracy" || name == "hdop", open != nil {
                inValue = name
                valueText = ""
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // swift-corelibs-foundation can report a fatal error here and still return `true` from `parse()`.
            fail(parser, "malformed GPX (XML): \(GPXReader.words(parseError))")
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard error == nil else { return }
            if inName { nameText += string }
            if inValue != nil { valueText += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard error == nil else { return }
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
                } else if name == "hdop" {
                    guard let hdop = DecimalText.double(text), hdop >= 0 else {
                        return fail(parser, "<hdop> \"\(text)\" is not a non-negative number")
                    }
                    open?.hdop = hdop
                } else {
                    guard let meters = DecimalText.double(text) else {
                        return fail(parser, "<horizontalAccuracy> \"\(text)\" is not a number of metres")
                    }
                    open?.horizontalAccuracyMeters = meters
                }
            } else if GPXPoint.Kind(rawValue: name) != nil, var point = open {
                if point.horizontalAccuracyMeters == nil, let hdop = point.hdop {
                    point.horizontalAccuracyMeters = hdop * GPXPoint.metersPerHDOP
                    point.accuracyFromHDOP = true
                }
                points.append(point)
                open = nil
            }
        }
    }
}
