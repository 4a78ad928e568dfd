// MARK: - The scribble vocabulary

// The keys of `ScribbleDetectorConfiguration`'s JSON vocabulary, declared as `DetectorParameter`s like the shake
// keys (spelling, unit, valid range, meaning, standard default, ladder grid), so validation, decoding, sweeps,
// labels, the grader's ladder and the documentation's key table read scribble keys exactly as they read shake keys.

extension ScribbleDetectorConfiguration {
    /// Direction reversals needed on one axis (x or y) within the window.
    public static let requiredReversalsParameter = DetectorParameter(
        key: "requiredReversals", unit: "", meaning: "direction reversals needed on one axis (x or y) within the window",
        standardDefault: .count(3), bounds: .init(lower: 1, lowerIncluded: true, upper: 100, upperIncluded: true),
        // From a single back-and-forth (2) to a long scratch-out (8), around the default 3.
        ladder: [2, 3, 4, 5, 6, 8])
    /// The least travel back from an extreme before a reversal counts, in points.
    public static let minimumTravelPointsParameter = DetectorParameter(
        key: "minimumTravelPoints", unit: "pt",
        meaning: "a reversal counts only after the finger has moved this far back from the extreme on that axis",
        standardDefault: .real(20), bounds: .init(lower: 0, lowerIncluded: false, upper: 10_000, upperIncluded: true),
        // From finger jitter (10 pt) to the shortest strokes of the simulated scribbles (60 pt and above).
        ladder: [10, 20, 40, 60, 80])
    /// Path length within the window over the window's bounding-box diagonal.
    public static let pathToDiagonalRatioParameter = DetectorParameter(
        key: "pathToDiagonalRatio", unit: "",
        meaning: "path length within the window must be at least this times the window's bounding-box diagonal (0 disables the test)",
        standardDefault: .real(2.5), bounds: .init(lower: 0, lowerIncluded: true, upper: 100, upperIncluded: true))
    /// The sliding window for reversals, path and bounding box, in seconds.
    public static let windowSecondsParameter = DetectorParameter(
        key: "windowSeconds", unit: "s", meaning: "sliding window for reversals, path and bounding box",
        standardDefault: .real(1.5), bounds: .init(lower: 0, lowerIncluded: false, upper: 60, upperIncluded: true))
    /// After an event, points this much later gather no evidence, in seconds.
    public static let cooldownSecondsParameter = DetectorParameter(
        key: "cooldownSeconds", unit: "s",
        meaning: "after an event, points before event time + cooldown gather no reversals and fire nothing (across gestures too)",
        standardDefault: .real(0), bounds: .init(lower: 0, lowerIncluded: true, upper: 3600, upperIncluded: true))
    /// At most one event per gesture.
    public static let firesOncePerGestureParameter = DetectorParameter(
        key: "firesOncePerGesture", unit: "",
        meaning: "at most one event per gesture (until touchEnded()); false clears the evidence at each event",
        standardDefault: .flag(true), bounds: nil)

    /// The shared vocabulary, in encoding order: the keys every scribble configuration carries and encodes, whatever
    /// its kind (a kind reads these and any key of its own: `ScribbleDetectorKind.readings`).
    public static let parameters: [DetectorParameter] = [
        requiredReversalsParameter, minimumTravelPointsParameter, pathToDiagonalRatioParameter, windowSecondsParameter,
        cooldownSecondsParameter, firesOncePerGestureParameter,
    ]

    /// The declaration of `key` in the shared vocabulary; nil for a key outside it.
    public static func parameter(_ key: String) -> DetectorParameter? { parameters.first { $0.key == key } }
}
