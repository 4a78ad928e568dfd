import DetectionCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SensorSim

/// A walk read from a GPX file for a `path` movement: its track points (or, without any, its route points), timed
/// by their `<time>` or walked at a constant speed.
///
/// Points and their errors come from ``GPXReader`` (malformed XML, missing or invalid `lat`/`lon`, with the line).
/// `GPXReader` does not keep `<time>`, so a second, small pass collects each point's `<time>` text in the same
/// element order. Either every used point has a time or none does; times must not decrease. Timestamps are
/// ISO 8601 (`2026-01-01T09:00:00Z`, fractional seconds and `±hh:mm` offsets allowed); only differences matter.
public enum GPXWalk {
    /// The longest walk accepted, seconds (a day, as `movement.minutes`).
    public static let maximumDurationSeconds = 86_400.0

    /// One point of the walk.
    public struct Point: Sendable, Equatable {
        public let coordinate: Coordinate
        /// Seconds since the Unix epoch from `<time>`, or nil when the file gives none.
        public let timeSeconds: Double?
        /// The line of the point's start tag.
        public let line: Int
    }

    /// Reads the walk's points.
    ///
    /// - Parameter path: the GPX file.
    /// - Returns: the track points, or the route points when there are no track points (at least one).
    /// - Throws: ``InputError`` with the file and line: missing or malformed file, no `trkpt`/`rtept`, a bad or
    ///   missing `<time>`, times that go backwards.
    public static func read(path: String) throws(InputError) -> [Point] {
        let points = try GPXReader.read(path: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(.missingFile, file: path, problem: "cannot be read (permission?)")
        }
        let parser = XMLParser(data: data)
        let collector = TimeCollector()
        parser.delegate = collector
        _ = parser.parse()  // GPXReader has parsed the same bytes without error.
        let walkPoints = points.filter { $0.kind == .trackPoint || $0.kind == .routePoint }
        guard walkPoints.count == collector.times.count else {
            throw InputError(file: path, problem: "could not pair the points with their <time> elements")
        }
        let useTracks = walkPoints.contains { $0.kind == .trackPoint }
        let kind: GPXPoint.Kind = useTracks ? .trackPoint : .routePoint
        var result: [Point] = []
        for (p, text) in zip(walkPoints, collector.times) where p.kind == kind {
            var time: Double?
            if let text {
                guard let t = timestamp(text) else {
                    throw InputError(file: path, line: p.line,
                                     problem: "<\(kind.rawValue)> time \"\(text)\" is not an ISO 8601 time (e.g. 2026-01-01T09:00:00Z)")
                }
                time = t
            }
            if let first = result.first, (first.timeSeconds == nil) != (time == nil) {
                throw InputError(file: path, line: p.line,
                                 problem: "<\(kind.rawValue)> \(time == nil ? "has no" : "has a") <time> while the first point "
                                    + "\(time == nil ? "has one" : "has none"): give every point a time or none")
            }
            if let t = time, let previous = result.last?.timeSeconds, t < previous {
                throw InputError(file: path, line: p.line, problem: "<\(kind.rawValue)> time \(text ?? "") is before the previous point's")
            }
            result.append(Point(coordinate: p.coordinate, timeSeconds: time, line: p.line))
        }
        guard !result.isEmpty else { throw InputError(file: path, problem: "has no trkpt or rtept points to walk") }
        return result
    }

    /// The walk as a timed path in the east/north frame of `plane`.
    ///
    /// With times, waypoint k is at tₖ − t₀; without, at (length walked so far) / speed, the length measured on
    /// straight legs in the plane (a few metres' difference from the geodesic over a campus walk).
    ///
    /// - Parameters:
    ///   - points: the walk (at least one point).
    ///   - plane: the movement's frame.
    ///   - speedMetersPerSecond: the walking speed for points without times, m/s (> 0).
    ///   - file: the path shown in errors.
    /// - Returns: the path.
    /// - Throws: ``InputError`` when the walk lasts longer than a day or cannot be planned.
    public static func plannedPath(_ points: [Point], plane: LocalTangentPlane, speedMetersPerSecond: Double,
                                   file: String) throws(InputError) -> MovementPath {
        var waypoints: [(east: Double, north: Double, time: Double)] = []
        let start = points.first?.timeSeconds
        for p in points {
            let o = plane.offset(of: p.coordinate)
            var t = 0.0
            if let first = start, let time = p.timeSeconds {
                t = time - first
            } else if let last = waypoints.last {
                let de = o.eastMeters - last.east, dn = o.northMeters - last.north
                t = last.time + (de * de + dn * dn).squareRoot() / speedMetersPerSecond
            }
            waypoints.append((o.eastMeters, o.northMeters, t))
        }
        let duration = waypoints.last?.time ?? 0
        guard duration <= maximumDurationSeconds else {
            throw InputError(file: file, line: points.last?.line,
                             problem: "the walk lasts \(JSONField.show(duration / 3600)) hours, at most 24 allowed")
        }
        guard let path = MovementPath(waypoints: waypoints) else {
            throw InputError(file: file, problem: "the walk's points cannot be planned (not finite)")
        }
        return path
    }

    /// Seconds since the Unix epoch of an ISO 8601 timestamp, with or without fractional seconds.
    static func timestamp(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let d = plain.date(from: trimmed) { return d.timeIntervalSince1970 }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: trimmed)?.timeIntervalSince1970
    }

    /// Collects, for every `trkpt` and `rtept` in element order, the text of its own `<time>` child (nil when none).
    final class TimeCollector: NSObject, XMLParserDelegate {
        var times: [String?] = []
        /// Depth of the open point element, nil outside one.
        var pointDepth: Int?
        var depth = 0
        var inTime = false
        var text = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            let name = GPXReader.Collector.local(elementName)
            depth += 1
            if name == "trkpt" || name == "rtept" {
                times.append(nil)
                pointDepth = depth
            } else if name == "time", let d = pointDepth, depth == d + 1 {
                inTime = true
                text = ""
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTime { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?) {
            let name = GPXReader.Collector.local(elementName)
            if inTime, name == "time" {
                inTime = false
                if !times.isEmpty { times[times.count - 1] = text }
            } else if pointDepth == depth, name == "trkpt" || name == "rtept" {
                pointDepth = nil
            }
            depth -= 1
        }
    }
}
