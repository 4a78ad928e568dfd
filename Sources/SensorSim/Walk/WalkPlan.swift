import Foundation
import Stats

/// A walk laid out on the sample grid: which samples turn, at what rate, and which pause.
///
/// Memory is O(turns + pauses), not O(samples): the true rotation rate of sample k is computed on demand by
/// ``WalkMotion``. Each turn of angle θ occupies m = max(1, round(|θ|/(rate·Δt))) consecutive samples at the
/// constant rate θ/(m·Δt), preceded and followed by a still sample, so the trapezoidal integral of the sampled
/// rate over the turn is exactly θ: the walker ends facing the marked direction to rounding error.
package struct WalkPlan: Sendable {
    /// A turn: `sampleCount` samples from `startSample` at `rateRadPerSec` (positive = left).
    package struct Turn: Sendable, Equatable {
        package let startSample: Int
        package let sampleCount: Int
        package let rateRadPerSec: Double
        package let angleRadians: Double
    }

    package let sampleRateHz: Double
    /// Samples at t = 0, Δt, …, duration: duration·f_s + 1 of them.
    package let sampleCount: Int
    package let turns: [Turn]
    /// Half-open sample ranges during which the walker stands still.
    package let pauses: [Range<Int>]
    /// Sum of the turn angles, radians (a multiple of 2π for every shape).
    package let netRotationRadians: Double
    /// Sum of the turn magnitudes, radians.
    package let totalRotationRadians: Double
    package let parameters: WalkParameters

    /// Lays out a walk. Random shapes draw their turn angles from `stream`; other shapes draw nothing.
    ///
    /// - Throws: ``WalkError`` when the turns do not fit in the walk or the shape refuses the turn count.
    package init(parameters p: WalkParameters, sampleRateHz: Double, stream: RandomStream) throws(WalkError) {
        guard p.shape.accepts(turns: p.turns) else { throw .oddTurns(shape: p.shape, turns: p.turns) }
        let dt = 1 / sampleRateHz
        let count = Int((p.minutes * 60 * sampleRateHz).rounded()) + 1
        let angles = WalkPlan.turnAngles(p, stream: stream)
        let rate = p.turnRateDegPerSec * .pi / 180
        let lengths = angles.map { max(1, Int((abs($0) / (rate * dt)).rounded())) }
        // Each turn needs its samples plus a still sample on each side; legs between turns are equal.
        let turning = lengths.reduce(0) { $0 + $1 + 1 }
        guard turning + 1 < count else {
            throw .turnsDoNotFit(turningSeconds: Double(turning) * dt, walkSeconds: p.minutes * 60)
        }
        let free = count - 1 - turning
        var turns: [Turn] = []
        var cursor = 0
        for (i, angle) in angles.enumerated() {
            // Turn i starts after leg i; legs share the free samples evenly (the last leg takes the remainder).
            let leg = free / (angles.count + 1)
            cursor += leg + 1
            turns.append(
                Turn(
                    startSample: cursor, sampleCount: lengths[i],
                    rateRadPerSec: angle / (Double(lengths[i]) * dt), angleRadians: angle))
            cursor += lengths[i]
        }
        var pauses: [Range<Int>] = []
        if p.pauses > 0 {
            let pauseLength = Int((p.pauseSeconds * sampleRateHz).rounded())
            for j in 0..<p.pauses {
                let centre = Int(Double(count) * Double(j + 1) / Double(p.pauses + 1))
                let start = max(0, min(count - pauseLength, centre - pauseLength / 2))
                pauses.append(start..<min(count, start + pauseLength))
            }
        }
        self.sampleRateHz = sampleRateHz
        self.sampleCount = count
        self.turns = turns
        self.pauses = pauses
        self.netRotationRadians = angles.reduce(0, +)
        self.totalRotationRadians = angles.reduce(0) { $0 + abs($1) }
        self.parameters = p
    }

    /// The turn angles in order, radians (positive = left): the explicit ones when given, else the shape's.
    static func turnAngles(_ p: WalkParameters, stream: RandomStream) -> [Double] {
        if let explicit = p.turnAnglesDegrees { return explicit.map { $0 * .pi / 180 } }
        let n = p.turns
        guard n > 0 else { return [] }
        let degrees: [Double]
        switch p.shape {
        case .loop:
            degrees = Array(repeating: 360 / Double(n), count: n)
        case .outAndBack:
            degrees = (0..<n).map { $0 % 2 == 0 ? 180 : -180 }
        case .zigzag:
            degrees = (0..<n).map { $0 % 2 == 0 ? p.zigzagAngleDegrees : -p.zigzagAngleDegrees }
        case .random:
            if n == 1 {
                degrees = [stream.bernoulli(0.5) ? 360 : -360]
            } else {
                var drawn: [Double] = []
                var heading = 0.0
                for _ in 0..<(n - 1) {
                    let size = stream.uniform(15, max(15, p.randomTurnMaxDegrees))
                    let angle = stream.bernoulli(0.5) ? size : -size
                    drawn.append(angle)
                    heading += angle
                }
                // The last turn faces the mark: the shortest turn back, in (−180°, 180°].
                var back = -heading.remainder(dividingBy: 360)
                if back <= -180 { back += 360 }
                drawn.append(back)
                degrees = drawn
            }
        }
        return degrees.map { $0 * .pi / 180 }
    }
}

/// Why a walk cannot be laid out.
package enum WalkError: Error, Equatable, CustomStringConvertible {
    case oddTurns(shape: WalkShape, turns: Int)
    case turnsDoNotFit(turningSeconds: Double, walkSeconds: Double)

    package var description: String {
        switch self {
        case .oddTurns(let shape, let turns):
            return "\(shape.rawValue) needs an even number of turns to face the mark again, got \(turns)"
        case .turnsDoNotFit(let turning, let walk):
            return "the turns take \(Int(turning.rounded(.up))) s, more than the \(Int(walk)) s walk"
        }
    }
}
