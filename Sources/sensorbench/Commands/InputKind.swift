import FileFormats
import Studies

/// The JSON inputs sensorbench reads, as `validate --kind` names them.
package enum InputKind: String, CaseIterable, Sendable {
    /// In the order ``detect(_:)`` tries them.
    case scenario, rubric, submission, detector, places, profile
    case driftLog = "drift-log"

    /// How the kind is recognised from a file's content, for help and for the "fits no kind" line.
    var detection: String {
        switch self {
        case .scenario: return "an object with \"study\" (run)"
        case .rubric: return "an object with \"criteria\" (grade --rubric)"
        case .submission: return "an object with \"team\" and \"gesture\" (grade)"
        case .detector: return "an object with \"detector\" or \"kind\" (replay --detector)"
        case .places: return "an object with \"places\" (a scenario's or rubric's places, replay --places)"
        case .profile: return "an object with a gyro model key such as \"noiseDensityDegPerSecPerRootHz\" (a scenario's profile)"
        case .driftLog: return "an array (walks)"
        }
    }

    /// What the kind's top level needs, for the "fits no kind" line.
    var signature: String {
        switch self {
        case .scenario: return "\"study\""
        case .rubric: return "\"criteria\""
        case .submission: return "\"team\" and \"gesture\""
        case .detector: return "\"detector\" or \"kind\""
        case .places: return "\"places\""
        case .profile: return "a gyro model key such as \"sampleRateHz\""
        case .driftLog: return "a top-level array"
        }
    }

    /// The kind a parsed file's top level fits, or `nil`.
    static func detect(_ node: JSONNode) -> InputKind? {
        if case .array = node.value { return .driftLog }
        guard case .object(let members) = node.value else { return nil }
        let keys = Set(members.map(\.key))
        if keys.contains("study") { return .scenario }
        if keys.contains("criteria") { return .rubric }
        if keys.contains("team") && keys.contains("gesture") { return .submission }
        // A gyro profile's own "kind" ("device" or "class") before a detector's.
        if let kind = members.first(where: { $0.key == "kind" }), case .string(let text) = kind.node.value,
            text == "device" || text == "class"
        {
            return .profile
        }
        if keys.contains("detector") || keys.contains("kind") { return .detector }
        if keys.contains("places") { return .places }
        if !keys.isDisjoint(with: ProfileReader.fieldNames) { return .profile }
        return nil
    }
}
