// MARK: - naive

/// The assignment's check, `location.distance(from: hall) < 50`: enter when d < R, exit when d ≥ R, on every fix.
///
/// Accuracy is never looked at, so even fixes with a negative (invalid) accuracy count, as in an app that never
/// reads it.
struct NaiveProximityRule: Sendable {
    private let radiusMeters: Double
}

extension NaiveProximityRule: ProximityRule {
    static let name = "naive"
    static let summary = "enter when d < R, exit when d ≥ R, on every fix (accuracy is not looked at, as in the assignment)"
    static let reads: [DetectorParameter] = [.radiusMeters]
    static let label = "one fix"
    static let usesInvalidAccuracy = true

    init(_ c: ProximityCheckConfiguration, placeCount: Int) { radiusMeters = c.radiusMeters }

    @inline(__always)
    func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool { d < radiusMeters }
}
