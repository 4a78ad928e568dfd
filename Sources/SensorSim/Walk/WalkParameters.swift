/// One walk's design: how long, how many turns, of what shape, and how the walker moves.
public struct WalkParameters: Sendable, Equatable {
    /// Walk duration, minutes (from *Mark* to *I'm back*).
    public var minutes: Double
    /// Number of turns.
    public var turns: Int
    public var shape: WalkShape
    /// Yaw rate while turning, °/s. Default 90 °/s: a brisk walking turn (a choice; people turn at 50–150 °/s).
    public var turnRateDegPerSec: Double = 90
    /// Size of each zigzag turn, degrees. Default 90°.
    public var zigzagAngleDegrees: Double = 90
    /// Largest random turn, degrees (random shape; each turn's size is uniform in [15°, this]). Default 180°.
    public var randomTurnMaxDegrees: Double = 180
    /// Number of pauses (standing still, no sway), spread evenly over the walk. Default 0.
    public var pauses: Int = 0
    /// Length of each pause, s. Default 10 s.
    public var pauseSeconds: Double = 10
    /// Peak body sway in yaw while walking, degrees (a sinusoid at the step frequency). Default 0 (none).
    public var swayAmplitudeDegrees: Double = 0
    /// Sway frequency, Hz. Default 0.9 Hz: one sway cycle per stride at a cadence of about 1.8 steps/s.
    public var swayFrequencyHz: Double = 0.9

    public init(minutes: Double, turns: Int, shape: WalkShape) {
        self.minutes = minutes
        self.turns = turns
        self.shape = shape
    }

    /// The longest time all turns can take, s (random turns at their maximum size).
    public var worstCaseTurningSeconds: Double {
        let largest: Double
        switch shape {
        case .loop: largest = turns > 0 ? 360 / Double(turns) : 0
        case .outAndBack: largest = 180
        case .zigzag: largest = zigzagAngleDegrees
        case .random: largest = turns == 1 ? 360 : max(randomTurnMaxDegrees, 180)
        }
        return Double(turns) * (largest / turnRateDegPerSec + 0.05)
    }
}
