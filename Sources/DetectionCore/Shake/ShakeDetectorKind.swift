// MARK: - Detector kinds

/// A shake-detection algorithm `ShakeDetector` runs, by its stable JSON name, with its declarations.
///
/// The kinds form an open family: each is one type (`ThresholdCountShakeDetector`, …) registered once in
/// `allCases`. Everything else about a kind (keys, defaults, ranges, label, ladder) is read from its declaration
/// through this value.
public struct ShakeDetectorKind: RegisteredKind {
    // MARK: - Registry

    /// Magnitude excursions above a threshold, at least k of them within a window (the usual student version).
    public static let thresholdCount = ShakeDetectorKind(ThresholdCountShakeDetector.self)
    /// Fraction of samples above a threshold within a sliding window (after Square's seismic ShakeDetector).
    public static let windowFraction = ShakeDetectorKind(WindowFractionShakeDetector.self)
    /// Direction reversals along the shake's own axis, N of them within a time limit.
    public static let reversal = ShakeDetectorKind(ReversalShakeDetector.self)
    /// Raw magnitude, gravity included, at or above a threshold on k samples within a window (seismic's and
    /// most Android examples' test, without gravity removal); its configuration has `inputIncludesGravity` true.
    public static let rawMagnitude = ShakeDetectorKind(RawMagnitudeShakeDetector.self)

    /// Every kind, in the order help, documentation and reports list them: the one registry of the family.
    public static let allCases: [ShakeDetectorKind] = [.thresholdCount, .windowFraction, .reversal, .rawMagnitude]

    // MARK: - Identity

    /// The JSON name (`"threshold-count"`).
    public let rawValue: String
    /// The algorithm's type.
    let algorithm: any ShakeAlgorithm.Type

    init(_ algorithm: any ShakeAlgorithm.Type) {
        rawValue = algorithm.name
        self.algorithm = algorithm
    }

    public static let familyNoun = "shake detector kind"

    // MARK: - Declarations

    /// What the kind does, in one sentence.
    public var summary: String { algorithm.summary }
    /// The keys the kind reads, in encoding order, with its defaults.
    public var readings: [ShakeParameterReading] { algorithm.readings }
    /// Every key a configuration of this kind carries and encodes, after `kind`: the shared vocabulary, then any key
    /// of the kind's own.
    public var vocabulary: [DetectorParameter] {
        DetectorParameter.shared + readings.map(\.parameter).filter { p in !DetectorParameter.shared.contains { $0.key == p.key } }
    }
    /// The keys a sweep may vary for this kind (always read, numeric), in encoding order.
    public var sweepKeys: [DetectorParameter] { readings.filter(\.isSweepKey).map(\.parameter) }
    /// The key a label leads with ("window-fraction at 0.9 g, …").
    public var labelParameter: DetectorParameter? { parameter(algorithm.labelKey) }
    /// The keys a grader's ladder moves, each with its grid (`DetectorParameter.ladder`).
    public var ladderParameters: [DetectorParameter] { algorithm.ladderKeys.compactMap { parameter($0) } }
    /// The name of the C loop the bench checks and times this kind against; nil when there is none.
    public var cReference: String? { algorithm.cReference }
    /// Whether the kind thresholds raw readings as given (gravity included) rather than user acceleration.
    public var thresholdsRawReadings: Bool { !algorithm.removesGravity }

    /// The declaration of `key` in this kind's vocabulary.
    public func parameter(_ key: String) -> DetectorParameter? { vocabulary.first { $0.key == key } }
}
