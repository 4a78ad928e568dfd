// MARK: - Scribble detector kinds

/// A scribble-detection algorithm `ScribbleDetector` runs, by its stable JSON name, with its declarations.
///
/// The kinds form an open family, as the shake kinds do: each is one type (`ReversalScribbleDetector`, …)
/// registered once in `allCases`. Everything else about a kind (keys, label, ladder) is read from its declaration
/// through this value. The first kind, `scribble`, is the one a configuration without `kind` means (every scribble
/// file written before the family existed).
public struct ScribbleDetectorKind: RegisteredKind {
    // MARK: - Registry

    /// Reversals on one axis within a sliding window, and a tortuous path (the scratch-out).
    public static let scribble = ScribbleDetectorKind(ReversalScribbleDetector.self)

    /// Every kind, in the order help, documentation and reports list them: the one registry of the family. The
    /// first is the kind a configuration without `kind` means.
    public static let allCases: [ScribbleDetectorKind] = [.scribble]

    // MARK: - Identity

    /// The JSON name (`"scribble"`).
    public let rawValue: String
    /// The algorithm's type.
    let algorithm: any ScribbleAlgorithm.Type

    init(_ algorithm: any ScribbleAlgorithm.Type) {
        rawValue = algorithm.name
        self.algorithm = algorithm
    }

    public static let familyNoun = "scribble detector kind"

    /// Whether this is the kind a configuration without `kind` means (the first registered).
    public var isImplied: Bool { self == Self.allCases[0] }

    // MARK: - Declarations

    /// What the kind does, in one sentence.
    public var summary: String { algorithm.summary }
    /// The keys the kind reads, in encoding order, each at its standard default.
    public var readings: [DetectorParameter] { algorithm.reads }
    /// Every key a configuration of this kind carries and encodes: the shared vocabulary, then any key of the kind's
    /// own.
    public var vocabulary: [DetectorParameter] {
        let shared = ScribbleDetectorConfiguration.parameters
        return shared + readings.filter { p in !shared.contains { $0.key == p.key } }
    }
    /// The keys a sweep may vary for this kind (the numbers it reads), in encoding order.
    public var sweepKeys: [DetectorParameter] { readings.filter(\.isNumber) }
    /// The flags a sweep may vary for this kind (as true/false), in encoding order.
    public var flagKeys: [DetectorParameter] { readings.filter { !$0.isNumber } }
    /// The keys a grader's ladder moves, each with its grid (`DetectorParameter.ladder`).
    public var ladderParameters: [DetectorParameter] { algorithm.ladderKeys.compactMap { parameter($0) } }
    /// The label template after the kind's name, `{key}` standing for a value ("with {requiredReversals} reversals").
    public var labelTemplate: String { algorithm.label }

    /// The declaration of `key` in this kind's vocabulary.
    public func parameter(_ key: String) -> DetectorParameter? { vocabulary.first { $0.key == key } }

    /// A setting in prose after the kind's name: the label template with each `{key}` replaced by the
    /// configuration's value ("with 4 reversals").
    ///
    /// - Parameters:
    ///   - configuration: the setting whose values fill the template.
    ///   - number: writes a real value (default: `DetectorParameter.exactText`); a count is written as a whole
    ///     number.
    public func label(
        _ configuration: ScribbleDetectorConfiguration, number: (Double) -> String = DetectorParameter.exactText
    ) -> String {
        DetectorParameter.fill(labelTemplate, number: number) { configuration[$0] }
    }
}
