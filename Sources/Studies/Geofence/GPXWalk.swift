import DetectionCore
import FileFormats
import Foundation
import Reporting
import SensorSim

/// A walk read from a GPX file for a `path` movement: its track points (or, without any, its route points), timed
/// by their `<time>` or walked at a constant speed.
///
/// Points, their `<time>` and their errors come from ``GPXReader`` (malformed XML, missing or invalid `lat`/`lon`,
/// a `<time>` that is not ISO 8601, with the line). Either every used point has a time or none does; times must
/// not decrease; only differences between times matter.
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
        // GPXReader refuses malformed XML, coordinates and `<time>` text with their line.
        let points = try GPXReader.read(path: path)
        let kind: GPXPoint.Kind = points.contains { $0.kind == .trackPoint } ? .trackPoint : .routePoint
        var result: [Point] = []
        for p in points where p.kind == kind {
            let time = p.timeSeconds
            if let first = result.first, (first.timeSeconds == nil) != (time == nil) {
                throw InputError(
                    file: path, line: p.line,
                    problem: "<\(kind.rawValue)> \(time == nil ? "has no" : "has a") <time> while the first point "
                        + "\(time == nil ? "has one" : "has none"): give every point a time or none")
            }
            if let t = time, let previous = result.last?.timeSeconds, t < previous {
                throw InputError(
                    file: path, line: p.line,
                    problem: "<\(kind.rawValue)> time \(p.timeText ?? "") is before the previous point's")
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
