// MARK: - accuracy-gated

/// Like `naive`, but only fixes with 0 ≤ accuracy ≤ `maximumAccuracyMeters` count; the others change nothing
/// (neither enter nor exit) and are counted in `ignoredInaccurate`.
struct AccuracyGatedProximityRule: Sendable {
    private let radiusMeters: Double
    private let maximumAccuracyMeters: Double
}

extension AccuracyGatedProximityRule: ProximityRule {
    static let name = "accuracy-gated"
    static let summary = "like naive, but only fixes with 0 ≤ accuracy ≤ maximumAccuracyMeters count; the others change nothing"
    static let reads: [DetectorParameter] = [.radiusMeters, .maximumAccuracyMeters]
    static let label = "accuracy ≤ {maximumAccuracyMeters} m"
    static let optionLabel: String? = "accuracy ≤ {maximumAccuracyMeters} m"
    static let needsAccuracy = true

    init(_ c: ProximityCheckConfiguration, placeCount: Int) {
        radiusMeters = c.radiusMeters
        maximumAccuracyMeters = c.maximumAccuracyMeters
    }

    func admits(accuracyMeters: Double) -> Bool { accuracyMeters <= maximumAccuracyMeters }

    @inline(__always)
    func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool { d < radiusMeters }
}
