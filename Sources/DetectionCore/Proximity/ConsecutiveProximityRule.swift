// MARK: - consecutive

/// Enter after `requiredConsecutiveFixes` consecutive accepted fixes with d < R; exit after as many consecutive
/// fixes with d ≥ R.
struct ConsecutiveProximityRule: Sendable {
    private let radiusMeters: Double
    private let requiredConsecutiveFixes: Int
    /// Accepted fixes in a row with d < R, per place.
    private var insideRun: [Int]
    /// Accepted fixes in a row with d ≥ R, per place.
    private var outsideRun: [Int]
}

extension ConsecutiveProximityRule: ProximityRule {
    static let name = "consecutive"
    static let summary = "enter after requiredConsecutiveFixes fixes in a row with d < R; exit after as many with d ≥ R"
    static let reads: [DetectorParameter] = [.radiusMeters, .requiredConsecutiveFixes]
    static let label = "{requiredConsecutiveFixes} fixes in a row"
    static let optionLabel: String? = "{requiredConsecutiveFixes} fixes in a row"

    init(_ c: ProximityCheckConfiguration, placeCount: Int) {
        radiusMeters = c.radiusMeters
        requiredConsecutiveFixes = c.requiredConsecutiveFixes
        insideRun = Array(repeating: 0, count: placeCount)
        outsideRun = Array(repeating: 0, count: placeCount)
    }

    @inline(__always)
    mutating func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool {
        if d < radiusMeters {
            insideRun[place] += 1
            outsideRun[place] = 0
        } else {
            outsideRun[place] += 1
            insideRun[place] = 0
        }
        let k = requiredConsecutiveFixes
        return wasInside ? outsideRun[place] < k : insideRun[place] >= k
    }
}
