import DetectionCore
import FileFormats
import Foundation
import Studies

/// Settings of a heading replay: how TurnBack's ``HeadingTracker`` runs over a gyro recording.
///
/// JSON vocabulary (every other key is refused):
/// `{"detector": "heading", "maximumGapSeconds": 0.5, "markAtSeconds": 0, "straightAheadToleranceDegrees": 5,
/// "reportIntervalSeconds": 1}`; only `detector` is required, the others take these defaults.
package struct HeadingReplaySettings: Sendable, Equatable {
    /// The tracker's longest integrated interval, seconds, in (0, 3600] (``HeadingTracker/Configuration``).
    package var maximumGapSeconds = 0.5
    /// When the user presses "mark", seconds after the recording's first sample, ≥ 0: the tracker marks at the
    /// first sample at or after it.
    package var markAtSeconds = 0.0
    /// Within this the arrow says "straight ahead", degrees in [0, 90] (``TurnPhrase``).
    package var straightAheadToleranceDegrees = TurnPhrase.defaultStraightAheadToleranceDegrees
    /// One row of the turn-angle table per this many seconds of recording, in (0, 86400].
    package var reportIntervalSeconds = 1.0

    package init() {}
}

/// What a `replay` configuration file asks for: which core detector, with which settings.
///
/// The file decides the detector:
/// - `"detector": "heading"` → ``HeadingReplaySettings`` (a gyro recording through ``HeadingTracker``);
/// - `"kind"` one of ``ShakeDetectorKind/allCases`` (`threshold-count`, `window-fraction`, `reversal`, `raw-magnitude`, …)
///   → a ``ShakeDetectorConfiguration`` in the core's own JSON vocabulary (an accelerometer recording: user
///   acceleration, or raw readings when `inputIncludesGravity` is true, as for `raw-magnitude`);
/// - `"kind"` one of ``ProximityCheckKind/allCases`` (`naive`, `accuracy-gated`, …) → a ``ProximityCheckConfiguration``
///   (a GPX track or a location CSV/zip through ``ProximityMonitor``), with the keys that kind reads (a key of the
///   vocabulary it does not read is refused).
/// The two core vocabularies are decoded through the core's own `init(from:)` (exactly what an app would ship) over
/// the line-numbered reader (``JSONNodeDecoder``) and checked with the core's `validationProblems()`; keys the kind's
/// declaration does not list are refused on their line first.
package enum ReplayConfiguration: Sendable, Equatable {
    case heading(HeadingReplaySettings)
    case shake(ShakeDetectorConfiguration)
    case proximity(ProximityCheckConfiguration)

    /// The detector's name as reports show it.
    package var detectorName: String {
        switch self {
        case .heading: return "heading"
        case .shake(let c): return "shake (\(c.kind.rawValue))"
        case .proximity(let c): return "proximity (\(c.kind.rawValue))"
        }
    }

    /// Reads and validates a configuration file.
    ///
    /// - Parameter path: the JSON file.
    /// - Returns: the configuration.
    /// - Throws: ``InputError``: 66 for a missing file; 65 naming the file, line and field of the first problem.
    package static func load(path: String) throws(InputError) -> ReplayConfiguration {
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: path), displayPath: path)
        let reader = try JSONObjectReader(node, file: path, path: "")
        if reader.has("detector") {
            return .heading(try parseHeading(reader))
        }
        guard let kindField = reader.optional("kind") else {
            throw InputError(
                file: path, line: node.line, field: "kind",
                problem: "is required: a shake kind ("
                    + ShakeDetectorKind.allCases.map(\.rawValue).joined(separator: ", ")
                    + ") or a proximity kind (" + ProximityCheckKind.allCases.map(\.rawValue).joined(separator: ", ")
                    + "), or give \"detector\": \"heading\"")
        }
        let kind = try kindField.string()
        guard case .object(let members) = node.value else { throw InputError(file: path, problem: "must be an object") }
        if let shakeKind = ShakeDetectorKind(rawValue: kind) {
            let c = try decode(
                ShakeDetectorConfiguration.self, node: node, members: members, file: path,
                known: ["kind"] + shakeKind.vocabulary.map(\.key))
            try refuse(c.validationProblems(), members: members, file: path, line: node.line)
            return .shake(c)
        }
        if let proximityKind = ProximityCheckKind(rawValue: kind) {
            let reads = proximityKind.parameters.map(\.key)
            let c = try decode(
                ProximityCheckConfiguration.self, node: node, members: members, file: path, known: ["kind"] + reads,
                unread: (proximityKind.vocabulary.map(\.key).filter { !reads.contains($0) }, kind))
            try refuse(c.validationProblems(), members: members, file: path, line: node.line)
            return .proximity(c)
        }
        throw kindField.error(
            "unknown kind \"\(kind)\" (shake: "
                + ShakeDetectorKind.allCases.map(\.rawValue).joined(separator: ", ") + "; proximity: "
                + ProximityCheckKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }

    // MARK: - Heading

    static func parseHeading(_ r: JSONObjectReader) throws(InputError) -> HeadingReplaySettings {
        let detector = try r.required("detector")
        guard try detector.string() == "heading" else {
            throw detector.error(
                "must be \"heading\" (shake and proximity configurations are identified by their "
                    + "\"kind\" and carry no \"detector\")")
        }
        var s = HeadingReplaySettings()
        if let f = r.optional("maximumGapSeconds") { s.maximumGapSeconds = try f.positive(atMost: 3600) }
        if let f = r.optional("markAtSeconds") { s.markAtSeconds = try f.nonNegative(atMost: 1e9) }
        if let f = r.optional("straightAheadToleranceDegrees") {
            s.straightAheadToleranceDegrees = try f.double(in: 0...90)
        }
        if let f = r.optional("reportIntervalSeconds") { s.reportIntervalSeconds = try f.positive(atMost: 86_400) }
        try r.finish()
        return s
    }

    // MARK: - Core vocabularies

    /// Decodes a core configuration through ``JSONNodeDecoder``, after refusing keys outside `known` (the kind's
    /// declared keys, so the list cannot drift from the core's).
    ///
    /// - Parameter unread: keys of the vocabulary that the kind (named) does not read, refused as such.
    static func decode<T: Decodable>(
        _ type: T.Type, node: JSONNode, members: [(key: String, node: JSONNode)], file: String, known: [String],
        unread: (keys: [String], kind: String) = ([], "")
    ) throws(InputError) -> T {
        for m in members where !known.contains(m.key) {
            let problem =
                unread.keys.contains(m.key)
                ? "is not read by \(unread.kind) (it reads: \(known.filter { $0 != "kind" }.joined(separator: ", ")))"
                : "unknown key (known keys: \(known.joined(separator: ", ")))"
            throw InputError(file: file, line: m.node.line, field: m.key, problem: problem)
        }
        let reader = try JSONObjectReader(node, file: file, path: "")
        let value = try JSONNodeDecoder.decode(T.self, from: reader)
        try reader.finish()
        return value
    }

    /// Turns the first of the core's validation problems into an ``InputError`` on that key's line.
    static func refuse(
        _ problems: [(field: String, problem: String)], members: [(key: String, node: JSONNode)],
        file: String, line: Int
    ) throws(InputError) {
        guard let first = problems.first else { return }
        let member = members.first { $0.key == first.field }
        var problem = first.problem
        if !problem.contains("got"), let member, case .number(_, let text) = member.node.value {
            problem += ", got \(text)"
        }
        throw InputError(file: file, line: member?.node.line ?? line, field: first.field, problem: problem)
    }
}
