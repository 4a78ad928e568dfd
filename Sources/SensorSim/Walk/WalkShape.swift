/// How a TurnBack walk's turns are arranged. Every shape ends facing the marked direction.
///
/// With `n` turns:
/// - `loop`: n turns in one direction, each 360°/n: net rotation 360°, total 360°, whatever n.
/// - `out-and-back`: n turns of 180°, alternating direction (out, turn, back, turn back, …): net 0°, total n·180°.
///   n must be even.
/// - `zigzag`: n turns of ±θ alternating (θ = `zigzagAngleDegrees`): net 0°, total n·θ. n must be even.
/// - `random`: n − 1 turns of random size and direction, then one turn that faces the mark again: net a multiple
///   of 360° (usually 0°), total the sum of the magnitudes. With n = 1 the single turn is a full 360°.
/// With n = 0 every shape is a straight walk: no rotation at all.
package enum WalkShape: String, Sendable, CaseIterable, Equatable {
    case loop
    case outAndBack = "out-and-back"
    case zigzag
    case random

    /// Whether `turns` turns make a valid walk of this shape.
    package func accepts(turns: Int) -> Bool {
        switch self {
        case .loop, .random: return turns >= 0
        case .outAndBack, .zigzag: return turns >= 0 && turns % 2 == 0
        }
    }
}
