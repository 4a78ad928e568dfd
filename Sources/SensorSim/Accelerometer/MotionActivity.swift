/// What the phone is doing during one labelled segment of a motion timeline.
///
/// `shake` is the deliberate gesture; every other case is an everyday motion that may cause false triggers.
/// The raw values are the scenario vocabulary (`timeline.weights`, `motion.<activity>`).
package enum MotionActivity: String, Sendable, CaseIterable, Equatable, Hashable {
    /// A deliberate shake: 3–7 Hz back and forth, mostly along one axis.
    case shake
    /// Standing or sitting still, phone in hand: sensor noise only.
    case still
    /// Walking with the phone held in the hand.
    case walking
    /// Walking with the phone in a trouser pocket: thigh swing and, at every step, a short train of sharp heel-strike
    /// spikes on changing axes.
    case pocketWalk = "pocket-walk"
    /// Running (the phone in a pocket, an armband or the hand): a larger swing and harder foot-strike spike trains.
    case running
    /// Picking the phone up from a table.
    case pickUp = "pick-up"
    /// Putting the phone down on a table: a gentle lowering, then a short, high contact spike.
    case putDown = "put-down"
    /// Tapping the screen: small, sharp spikes along the screen normal.
    case tapping
    /// Riding a bus or a car: engine and road vibration with occasional bumps.
    case vehicle
    /// Climbing stairs with the phone in a trouser pocket (the pocket-walk shape, slower and softer).
    case stairsUp = "stairs-up"
    /// Going down stairs with the phone in a trouser pocket (the pocket-walk shape, harder landings).
    case stairsDown = "stairs-down"

    /// The everyday activities (every case but `shake`), in declaration order. The stairs come last so that the
    /// indices of the older cases (the studies' activity labels) did not move when they were added.
    package static let everyday: [MotionActivity] = allCases.filter { $0 != .shake }

    /// How a report names the activity as the cause of false alarms ("mostly from table drops").
    package var causePhrase: String {
        switch self {
        case .shake: return "shakes"
        case .still: return "standing still"
        case .walking: return "walking with the phone in hand"
        case .pocketWalk: return "walking with the phone in a pocket"
        case .running: return "running"
        case .pickUp: return "picking the phone up"
        case .putDown: return "table drops (putting the phone down)"
        case .tapping: return "tapping the screen"
        case .vehicle: return "riding a bus or car"
        case .stairsUp: return "climbing stairs"
        case .stairsDown: return "going down stairs"
        }
    }
}
