/// A change of the inside/outside state of one place, produced by `ProximityMonitor.consume(_:)`.
public struct ProximityEvent: Sendable, Equatable {
    /// Direction of the change.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The place became "in range".
        case enter
        /// The place stopped being "in range".
        case exit
    }

    /// Enter or exit.
    public var kind: Kind
    /// Index of the place in the monitor's `places`.
    public var placeIndex: Int
    /// Timestamp of the fix that caused the change, seconds.
    public var timestampSeconds: Double
    /// Geodesic distance from that fix to the place, metres.
    public var distanceMeters: Double

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - kind: enter or exit.
    ///   - placeIndex: index into the monitor's places.
    ///   - timestampSeconds: time of the triggering fix, seconds.
    ///   - distanceMeters: distance of that fix from the place, metres.
    public init(kind: Kind, placeIndex: Int, timestampSeconds: Double, distanceMeters: Double) {
        self.kind = kind
        self.placeIndex = placeIndex
        self.timestampSeconds = timestampSeconds
        self.distanceMeters = distanceMeters
    }
}
