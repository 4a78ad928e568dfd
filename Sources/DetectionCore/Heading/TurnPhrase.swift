/// The sentence TurnBack shows under its arrow.
///
/// Follows ``HeadingTracker``'s sign convention: a positive turn angle is counter-clockwise seen from above,
/// so the user must turn **left**; a negative one, right. Angles are rounded to whole degrees for display.
public struct TurnPhrase: Sendable, Equatable {
    /// Which way to turn.
    public enum Direction: String, Sendable, Equatable {
        case left, right, straightAhead = "straight ahead"
    }

    public let direction: Direction
    /// The rounded magnitude in whole degrees, 0…180.
    public let degrees: Int

    /// Default tolerance: within ±5° the arrow says "straight ahead" (a choice: about the scatter of a handheld
    /// phone's pointing while walking).
    public static let defaultStraightAheadToleranceDegrees = 5.0

    /// - Parameters:
    ///   - turnAngleRadians: the tracker's turn angle in (−π, π] (positive = left).
    ///   - straightAheadToleranceDegrees: magnitudes up to this say "straight ahead".
    /// - Returns: `nil` when the angle is not finite.
    public init?(turnAngleRadians: Double, straightAheadToleranceDegrees: Double = defaultStraightAheadToleranceDegrees) {
        guard let wrapped = Angle.wrapped(turnAngleRadians) else { return nil }
        let magnitude = abs(Angle.degrees(wrapped))
        degrees = Int(magnitude.rounded())
        if magnitude <= straightAheadToleranceDegrees {
            direction = .straightAhead
        } else if wrapped > 0 {
            direction = .left
        } else {
            direction = .right
        }
    }

    /// "12° to your right", "12° to your left", or "straight ahead". Exactly 180° reads "180° to your left",
    /// because (−π, π] holds +π.
    public var text: String {
        switch direction {
        case .straightAhead: return "straight ahead"
        case .left: return "\(degrees)° to your left"
        case .right: return "\(degrees)° to your right"
        }
    }
}
