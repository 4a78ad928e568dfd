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
}
