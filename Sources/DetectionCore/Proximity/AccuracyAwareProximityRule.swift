// MARK: - accuracy-aware

/// Enter when the fix's whole uncertainty circle is inside, d + accuracy ≤ R; exit when it is wholly outside,
/// d − accuracy ≥ R (a choice: a vague fix can neither enter nor exit).
struct AccuracyAwareProximityRule: Sendable {
    private let radiusMeters: Double
}

extension AccuracyAwareProximityRule: ProximityRule {
    static let name = "accuracy-aware"
    static let summary =
        "enter when the whole uncertainty circle is inside (d + accuracy ≤ R); exit when it is wholly outside (d − accuracy ≥ R)"
    static let reads: [DetectorParameter] = [.radiusMeters]
    static let label = "whole accuracy circle inside"
    static let needsAccuracy = true

    init(_ c: ProximityCheckConfiguration, placeCount: Int) { radiusMeters = c.radiusMeters }

    @inline(__always)
    func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool { wasInside ? d - accuracyMeters < radiusMeters : d + accuracyMeters <= radiusMeters }
}
