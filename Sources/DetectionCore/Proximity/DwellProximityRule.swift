// MARK: - dwell

/// Enter once the accepted fixes have been continuously inside (d < R) for `dwellSeconds`, measured between the
/// first fix of the inside run and the current one; exit on the first fix with d ≥ R.
struct DwellProximityRule: Sendable {
    private let radiusMeters: Double
    private let dwellSeconds: Double
    /// Timestamp of the first fix of the current inside run, or NaN when not in a run, per place.
    private var insideSince: [Double]
}

extension DwellProximityRule: ProximityRule {
    static let name = "dwell"
    static let summary = "enter once the fixes have been continuously inside (d < R) for dwellSeconds; exit on the first fix with d ≥ R"
    static let reads: [DetectorParameter] = [.radiusMeters, .dwellSeconds]
    static let label = "inside for {dwellSeconds} s"
    static let optionLabel: String? = "dwell {dwellSeconds} s"

    init(_ c: ProximityCheckConfiguration, placeCount: Int) {
        radiusMeters = c.radiusMeters
        dwellSeconds = c.dwellSeconds
        insideSince = Array(repeating: .nan, count: placeCount)
    }

    @inline(__always)
    mutating func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool {
        guard d < radiusMeters else {
            insideSince[place] = .nan
            return false
        }
        if insideSince[place].isNaN { insideSince[place] = t }
        return wasInside || t - insideSince[place] >= dwellSeconds
    }
}
