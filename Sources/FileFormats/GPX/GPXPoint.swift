import DetectionCore

/// One point read from a GPX file.
public struct GPXPoint: Sendable, Equatable {
    /// Which GPX element held the point.
    public enum Kind: String, Sendable, Equatable {
        case waypoint = "wpt"
        case routePoint = "rtept"
        case trackPoint = "trkpt"
    }

    /// The element kind.
    public var kind: Kind
    /// The position.
    public var coordinate: Coordinate
    /// The point's `<name>`, when it has one.
    public var name: String?
    /// The line of the point's start tag in the file.
    public var line: Int
    /// The point's `<time>` (ISO 8601 UTC) as seconds since 1970-01-01T00:00:00Z, when it has one.
    public var timeSeconds: Double? = nil
    /// The `<time>` text as written in the file.
    public var timeText: String? = nil
    /// Horizontal accuracy in metres from a `horizontalAccuracy` element inside the point (any namespace, usually
    /// under `<extensions>`; the name of Sensor Logger's and Core Location's field), when it has one.
    public var horizontalAccuracyMeters: Double? = nil
}
