import DetectionCore
import FileFormats
import Foundation
import Reporting
import SensorSim

/// A walk read from a GPX file for a `path` movement: its track points (or, without any, its route points, or
/// its waypoints in file order), timed by their `<time>` or walked at a constant speed; or a phone's location log
/// (``LocationCSVReader``). Points of which only some have a time follow ``fillTimes(_:file:)``.
///
/// Points, their `<time>` and their errors come from ``GPXReader`` (malformed XML, missing or invalid `lat`/`lon`,
/// a `<time>` that is not ISO 8601, with the line). Times must not decrease; only differences between times matter.
package enum GPXWalk {
    /// The longest walk accepted, seconds (a day, as `movement.minutes`).
    package static let maximumDurationSeconds = 86_400.0

    /// One point of the walk.
    package struct Point: Sendable, Equatable {
        package let coordinate: Coordinate
        /// Seconds since the Unix epoch from `<time>`, or nil when the file gives none.
        package let timeSeconds: Double?
        /// The line of the point's start tag.
        package let line: Int
    }

    /// Reads the walk's points.
    ///
    /// - Parameter path: the GPX file.
    /// - Returns: the track points, or the route points when there are no track points (at least one).
    /// - Throws: ``InputError`` with the file and line: missing or malformed file, no `trkpt`/`rtept`, a bad or
    ///   missing `<time>`, times that go backwards.
    package static func read(path: String) throws(InputError) -> [Point] {
        // GPXReader refuses malformed XML, coordinates and `<time>` text with their line; a phone's location log
        // (Sensor Logger's Location.csv, phyphox's Location export) is read as a timed track.
        let points =
            LocationCSVReader.handles(path: path)
            ? try LocationCSVReader.read(path: path, consumer: "a movement path")
            : try GPXReader.read(path: path)
        let kind = walkedKind(points)
        let (timed, _) = try fillTimes(points.filter { $0.kind == kind }, file: path)
        let result = timed.map { Point(coordinate: $0.coordinate, timeSeconds: $0.timeSeconds, line: $0.line) }
        guard !result.isEmpty else { throw InputError(file: path, problem: "has no trkpt, rtept or wpt points to walk") }
        return result
    }

    /// The points a file's walk is made of: its track points, else its route points, else its waypoints in file
    /// order (as Xcode's Simulate Location plays a file of waypoints as a route).
    package static func walkedKind(_ points: [GPXPoint]) -> GPXPoint.Kind {
        if points.contains(where: { $0.kind == .trackPoint }) { return .trackPoint }
        if points.contains(where: { $0.kind == .routePoint }) { return .routePoint }
        return .waypoint
    }

    /// Applies the rule for points of which only some have a `<time>`.
    ///
    /// No point timed, or every point timed: unchanged. Otherwise a point without a time between two timed points
    /// is given one by linear interpolation in distance walked (WGS-84 geodesic legs) between those two points,
    /// its `timeText` marked "interpolated"; points before the first or after the last timed point are dropped,
    /// since placing them in time would need an assumed speed. Times must not decrease.
    ///
    /// - Returns: the points and how many were dropped.
    /// - Throws: ``InputError`` with the line of a time before the previous point's.
    package static func fillTimes(_ points: [GPXPoint], file: String) throws(InputError) -> (points: [GPXPoint], dropped: Int) {
        var lastTime = -Double.infinity
        for p in points {
            guard let t = p.timeSeconds else { continue }
            guard t >= lastTime else {
                throw InputError(
                    file: file, line: p.line, field: "<time>",
                    problem: "<\(p.kind.rawValue)> time \(p.timeText ?? "") is before the previous point's")
            }
            lastTime = t
        }
        let timedIndices = points.indices.filter { points[$0].timeSeconds != nil }
        guard let first = timedIndices.first, let last = timedIndices.last, timedIndices.count < points.count else {
            return (points, 0)
        }
        var out = Array(points[first...last])
        var k = 0
        while k < out.count {
            guard out[k].timeSeconds == nil else {
                k += 1
                continue
            }
            let start = k - 1
            var end = k
            while out[end].timeSeconds == nil { end += 1 }
            var cumulative = [0.0]
            for j in (start + 1)...end {
                cumulative.append(
                    cumulative[cumulative.count - 1] + Geodesic.distanceMeters(out[j - 1].coordinate, out[j].coordinate))
            }
            let t0 = out[start].timeSeconds ?? 0, t1 = out[end].timeSeconds ?? 0
            let total = cumulative[cumulative.count - 1]
            for j in (start + 1)..<end {
                // Equal shares of the interval when the points coincide (zero length walked).
                let share = total > 0 ? cumulative[j - start] / total : Double(j - start) / Double(end - start)
                out[j].timeSeconds = t0 + share * (t1 - t0)
                out[j].timeText = "interpolated"
            }
            k = end + 1
        }
        return (out, points.count - out.count)
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
    package static func plannedPath(
        _ points: [Point], plane: LocalTangentPlane, speedMetersPerSecond: Double,
        file: String
    ) throws(InputError) -> MovementPath {
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
            throw InputError(
                file: file, line: points.last?.line,
                problem: "the walk lasts \(Format.exact(duration / 3600)) hours, at most 24 allowed")
        }
        guard let path = MovementPath(waypoints: waypoints) else {
            throw InputError(file: file, problem: "the walk's points cannot be planned (not finite)")
        }
        return path
    }
}
