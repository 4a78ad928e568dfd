/// One point read from a GPX file.
package struct GPXPoint: Sendable, Equatable {
    /// Which GPX element held the point.
    package enum Kind: String, Sendable, Equatable {
        case waypoint = "wpt"
        case routePoint = "rtept"
        case trackPoint = "trkpt"
    }

    /// The element kind.
    package var kind: Kind
    /// Latitude in degrees, finite and within [−90, 90] (WGS-84, as the file wrote it).
    package let latitudeDegrees: Double
    /// Longitude in degrees, finite (as the file wrote it; the readers accept [−180, 180]).
    package let longitudeDegrees: Double
    /// The point's `<name>`, when it has one.
    package var name: String?
    /// The line of the point's start tag in the file.
    package var line: Int
    /// The point's `<time>` (ISO 8601 UTC) as seconds since 1970-01-01T00:00:00Z, when it has one.
    package var timeSeconds: Double? = nil
    /// The `<time>` text as written in the file.
    package var timeText: String? = nil
    /// Horizontal accuracy in metres from a `horizontalAccuracy` element inside the point (any namespace, usually
    /// under `<extensions>`; the name of Sensor Logger's and Core Location's field), when it has one.
    package var horizontalAccuracyMeters: Double? = nil
    /// The point's `<hdop>` (horizontal dilution of precision, dimensionless), when it has one.
    package var hdop: Double? = nil
    /// True when ``horizontalAccuracyMeters`` was derived from `<hdop>` (no accuracy element in the point).
    package var accuracyFromHDOP = false

    /// The approximation turning `<hdop>` into a horizontal accuracy when a point has no accuracy element:
    /// σ_h ≈ HDOP × σ_UERE with a user-equivalent range error σ_UERE of 5 m, a round figure for a consumer
    /// single-frequency receiver (the dilution of precision scales the range error into a position error; the
    /// 5 m is this package's choice, not a property of the file). Strava's and most loggers' files carry `<hdop>`.
    package static let metersPerHDOP = 5.0

    /// A point at a valid position: nil unless the latitude is finite within [−90, 90] and the longitude finite,
    /// the rule of DetectionCore's `Coordinate`, so a caller's conversion to one always succeeds.
    package init?(kind: Kind, latitudeDegrees: Double, longitudeDegrees: Double, name: String?, line: Int) {
        guard latitudeDegrees.isFinite, abs(latitudeDegrees) <= 90, longitudeDegrees.isFinite else { return nil }
        self.kind = kind
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.name = name
        self.line = line
    }
}
