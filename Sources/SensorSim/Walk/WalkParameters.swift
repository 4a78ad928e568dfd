/// One walk's design: how long, how many turns, of what shape, and how the walker moves.
package struct WalkParameters: Sendable, Equatable {
    /// Walk duration, minutes (from *Mark* to *I'm back*).
    package var minutes: Double
    /// Number of turns.
    package var turns: Int
    package var shape: WalkShape
    /// Yaw rate while turning, °/s. Default 90 °/s: a brisk walking turn (a choice; people turn at 50–150 °/s).
    package var turnRateDegPerSec: Double = 90
    /// Size of each zigzag turn, degrees. Default 90°.
    package var zigzagAngleDegrees: Double = 90
    /// Largest random turn, degrees (random shape; each turn's size is uniform in [15°, this]). Default 180°.
    package var randomTurnMaxDegrees: Double = 180
    /// Number of pauses (standing still, no sway), spread evenly over the walk. Default 0.
    package var pauses: Int = 0
    /// Length of each pause, s. Default 10 s.
    package var pauseSeconds: Double = 10
    /// Peak body sway in yaw while walking, degrees (a sinusoid at the step frequency). Default 0 (none).
    package var swayAmplitudeDegrees: Double = 0
    /// Sway frequency, Hz. Default 0.9 Hz: one sway cycle per stride at a cadence of about 1.8 steps/s.
    package var swayFrequencyHz: Double = 0.9

    package init(minutes: Double, turns: Int, shape: WalkShape) {
        self.minutes = minutes
        self.turns = turns
        self.shape = shape
    }

    /// The longest time all turns can take, s (random turns at their maximum size).
    package var worstCaseTurningSeconds: Double {
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
