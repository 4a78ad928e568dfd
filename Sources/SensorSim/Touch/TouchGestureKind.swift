/// The kinds of touch gesture a touch timeline holds; `scribble` is the one a scribble detector should catch.
package enum TouchGestureKind: String, Sendable, CaseIterable, Equatable, Hashable {
    /// Back-and-forth strokes over one spot (a scratch-out).
    case scribble
    /// A finger down and up with a little jitter.
    case tap
    /// One fast straight stroke.
    case swipe
    /// A slower vertical drag with a slight wobble.
    case scroll
    /// One closed loop (a lasso, an "O").
    case circle
    /// Cursive handwriting: a left-to-right baseline with up-and-down letter loops.
    case signature

    /// How a report names the kind as a cause of false alarms.
    package var causePhrase: String {
        switch self {
        case .scribble: return "scribbles"
        case .tap: return "taps"
        case .swipe: return "swipes"
        case .scroll: return "scrolls"
        case .circle: return "circles"
        case .signature: return "signatures"
        }
    }
}
