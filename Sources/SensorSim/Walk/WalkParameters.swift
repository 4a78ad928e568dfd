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
    /// Explicit turn angles in order, degrees (positive = left), replacing the shape's; nil for the shape's turns.
    /// Not a scenario field: how `walks` simulates a logged walk's own turning and the walking plan its full turns on
    /// the spot (``turning(minutes:totalDegrees:netDegrees:)``).
    package var turnAnglesDegrees: [Double]?

    package init(minutes: Double, turns: Int, shape: WalkShape) {
        self.minutes = minutes
        self.turns = turns
        self.shape = shape
    }

    /// A walk of `minutes` that turns `totalDegrees` in all with net rotation `netDegrees` (counter-clockwise
    /// positive; |net| ≤ total): (total + net)/2 to the left, then (total − net)/2 to the right, each side as equal
    /// turns of at most 360°. The drift of the gyro model depends on the turning only through net and total
    /// (s·θ_net + (a/2)·θ_total), so this walk has a logged walk's turning error; 4 full turns to the left is
    /// `turning(minutes:totalDegrees: 1440, netDegrees: 1440)`. Turns run at 90 °/s, or faster when that would take
    /// more than half the walk (a logged walk did turn that much in its minutes).
    package static func turning(minutes: Double, totalDegrees: Double, netDegrees: Double) -> WalkParameters {
        let left = max(0, (totalDegrees + netDegrees) / 2), right = max(0, (totalDegrees - netDegrees) / 2)
        func split(_ degrees: Double, sign: Double) -> [Double] {
            guard degrees > 0 else { return [] }
            let count = Int((degrees / 360).rounded(.up))
            return Array(repeating: sign * degrees / Double(count), count: count)
        }
        let angles = split(left, sign: 1) + split(right, sign: -1)
        var p = WalkParameters(minutes: minutes, turns: angles.count, shape: .random)
        p.turnAnglesDegrees = angles
        p.turnRateDegPerSec = max(p.turnRateDegPerSec, totalDegrees / (minutes * 30))
        return p
    }

    /// The longest time all turns can take, s (random turns at their maximum size).
    package var worstCaseTurningSeconds: Double {
        if let angles = turnAnglesDegrees { return angles.reduce(0) { $0 + abs($1) / turnRateDegPerSec + 0.05 } }
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
