// MARK: - The proximity vocabulary

extension DetectorParameter {
    /// Radius R of each place's circle, in metres: the assignment's `distance(from:) < 50` (Penn iOS course,
    /// homework 3) by default.
    public static let radiusMeters = DetectorParameter(
        key: "radiusMeters", unit: "m", meaning: "radius R of each place's circle",
        standardDefault: .real(50), bounds: Bounds(lower: 0, lowerIncluded: false, upper: 10_000, upperIncluded: true))
    /// The worst horizontal accuracy a gated check accepts, in metres. Default 20 m, a choice: between typical
    /// open-sky phone GPS accuracy (~5–10 m) and the ~65 m Wi-Fi fixes, so gating keeps GPS-quality fixes only.
    public static let maximumAccuracyMeters = DetectorParameter(
        key: "maximumAccuracyMeters", unit: "m", meaning: "worst accepted horizontal accuracy",
        standardDefault: .real(20), bounds: Bounds(lower: 0, lowerIncluded: false, upper: 10_000, upperIncluded: true))
    /// Fixes in a row needed to enter (and, outside, to exit). Default 2, a choice: the smallest run that rejects a
    /// single outlier.
    public static let requiredConsecutiveFixes = DetectorParameter(
        key: "requiredConsecutiveFixes", unit: "", meaning: "fixes in a row needed to enter (and, outside, to exit)",
        standardDefault: .count(2), bounds: Bounds(lower: 1, lowerIncluded: true, upper: 1000, upperIncluded: true))
    /// Continuous time inside needed to enter, in seconds. Default 10 s, a choice: a few 1 Hz fixes, short enough
    /// for a walker to notice.
    public static let dwellSeconds = DetectorParameter(
        key: "dwellSeconds", unit: "s", meaning: "continuous time inside needed to enter",
        standardDefault: .real(10), bounds: Bounds(lower: 0, lowerIncluded: true, upper: 86_400, upperIncluded: true))
    /// Extra distance beyond R needed to exit, in metres. Default 10 m, a choice: about one typical GPS accuracy
    /// radius, so jitter at the edge does not flap.
    public static let exitMarginMeters = DetectorParameter(
        key: "exitMarginMeters", unit: "m", meaning: "extra distance beyond R needed to exit",
        standardDefault: .real(10), bounds: Bounds(lower: 0, lowerIncluded: true, upper: 10_000, upperIncluded: true))

    /// The keys every proximity configuration carries and encodes, whatever its kind, in encoding order (after
    /// `kind`).
    public static let proximityShared: [DetectorParameter] = [
        radiusMeters, maximumAccuracyMeters, requiredConsecutiveFixes, dwellSeconds, exitMarginMeters,
    ]
}
