import DetectionCore

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
    /// The position.
    package var coordinate: Coordinate
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
}
