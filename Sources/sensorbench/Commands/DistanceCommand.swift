import DetectionCore
import FileFormats
import Foundation
import Reporting

/// `sensorbench distance LAT,LON LAT,LON`: the WGS-84 geodesic distance and initial bearing between two points.
struct DistanceCommand: Subcommand {
    /// The two points as typed.
    var from = ""
    var to = ""

    init() {}

    init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    static let name = "distance"
    static let summary = "Distance and bearing between two points (WGS-84)."
    static let details = """
        Prints the WGS-84 geodesic distance (metres, Karney's method) between two points and the initial
        bearing from the first to the second (degrees clockwise from north, 0 to 360). A latitude beyond
        ±90° is refused (exit 65); a pair that looks swapped against the other point (see SWAPPED) is
        computed as typed, with a warning on standard error; identical points have no bearing.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<lat,lon>", noun: "point", meaning: "Decimal degrees, latitude first, e.g. 39.95248,-75.19938.", count: 2...2
        ) { o, points, context in
            for point in points where CommandLineParser.parseLatLon(point) == nil {
                throw context.error("'\(point)' is not LAT,LON in decimal degrees (for example 39.95248,-75.19938)")
            }
            o.from = points[0]
            o.to = points[1]
        }
    }

    static let footer = """
        SWAPPED:
          A point is taken for typed as LON,LAT when the two points as typed are more than 1000 km apart
          and that point read the other way round lies within 1000 km of the other one. The distance is
          still computed as typed; the warning on standard error gives each point's reading for which
          that holds. Two points both typed the other way round cannot be told from a true pair.
        """

    /// How far apart (metres) two points typed for one question may be before a swapped order is suspected.
    static let swapSuspicionMeters = 1_000_000.0

    /// Prints the geodesic distance and initial bearing between two points.
    ///
    /// A latitude beyond ±90° is refused, naming the argument. A point whose reversed order (read as LON,LAT)
    /// lies within ``swapSuspicionMeters`` of the other point while the pair as typed does not is computed as
    /// typed, with a warning on standard error. Identical points have no bearing.
    func run() throws -> ExitCode {
        func point(_ text: String, _ which: String) throws(InputError) -> Coordinate {
            guard let p = CommandLineParser.parseLatLon(text) else {
                throw InputError(.usage, file: nil, field: "distance", problem: "'\(text)' is not LAT,LON in decimal degrees")
            }
            guard abs(p.latitude) <= 90 else {
                let hint = abs(p.longitude) <= 90 ? " (swapped? the order is LAT,LON)" : ""
                throw InputError(
                    file: nil, field: "\(which) point '\(text)'", problem: "latitude \(p.latitude) is beyond ±90°\(hint)")
            }
            guard abs(p.longitude) <= 180, let c = Coordinate(latitudeDegrees: p.latitude, longitudeDegrees: p.longitude)
            else {
                throw InputError(
                    file: nil, field: "\(which) point '\(text)'", problem: "longitude \(p.longitude) is beyond ±180°")
            }
            return c
        }
        let a = try point(from, "first")
        let b = try point(to, "second")
        let g = Geodesic.inverse(a, b)
        if let warning = try Self.swapWarning(from: (from, a), to: (to, b), typedMeters: g.distanceMeters) {
            FileHandle.standardError.write(Data("Warning: \(warning)\n".utf8))
        }
        let bearing = g.initialBearingDegrees < 0 ? g.initialBearingDegrees + 360 : g.initialBearingDegrees
        // Identical points have no direction between them; Karney's algorithm still returns an azimuth (180°).
        let bearingText =
            g.distanceMeters == 0 ? "bearing undefined (same point)" : "initial bearing \(try Format.fixed(bearing, decimals: 2))°"
        print("\(try Format.fixed(g.distanceMeters, decimals: 3)) m, \(bearingText) (WGS-84 geodesic)")
        return .success
    }

    /// The warning for a point that looks typed as LON,LAT, or `nil`: the pair as typed is more than
    /// ``swapSuspicionMeters`` apart and a point read the other way round lies within it of the other point.
    ///
    /// Read back, either point usually lands near the other (which one was typed wrongly cannot be told), so the
    /// warning names every point for which that holds.
    static func swapWarning(
        from a: (text: String, point: Coordinate), to b: (text: String, point: Coordinate), typedMeters: Double
    ) throws -> String? {
        guard typedMeters > swapSuspicionMeters else { return nil }
        var readings: [String] = []
        for (suspect, other) in [(a, b), (b, a)] where abs(suspect.point.longitudeDegrees) <= 90 {
            guard let swapped = Coordinate(latitudeDegrees: suspect.point.longitudeDegrees, longitudeDegrees: suspect.point.latitudeDegrees)
            else { continue }
            let meters = Geodesic.inverse(swapped, other.point).distanceMeters
            guard meters <= swapSuspicionMeters else { continue }
            readings.append(
                "'\(suspect.text)' read as LON,LAT lies \(try Format.fixed(meters / 1000, decimals: 1)) km from '\(other.text)'")
        }
        guard !readings.isEmpty else { return nil }
        return "\(readings.count == 1 ? "a point" : "one of the points") looks swapped (the order is LAT,LON): "
            + readings.joined(separator: ", and ")
            + "; as typed they are \(try Format.fixed(typedMeters / 1000, decimals: 1)) km apart (computed as typed)"
    }
}
