// MARK: - hysteresis

/// Enter when d < R; exit only when d > R + `exitMarginMeters`, so jitter at the edge does not flap.
struct HysteresisProximityRule: Sendable {
    private let radiusMeters: Double
    private let exitMarginMeters: Double
}

extension HysteresisProximityRule: ProximityRule {
    static let name = "hysteresis"
    static let summary = "enter when d < R; exit only when d > R + exitMarginMeters"
    static let reads: [DetectorParameter] = [.radiusMeters, .exitMarginMeters]
    static let label = "exit beyond +{exitMarginMeters} m"
    static let optionLabel: String? = "exit margin {exitMarginMeters} m"

    init(_ c: ProximityCheckConfiguration, placeCount: Int) {
        radiusMeters = c.radiusMeters
        exitMarginMeters = c.exitMarginMeters
    }

    @inline(__always)
    func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool { wasInside ? d <= radiusMeters + exitMarginMeters : d < radiusMeters }
}
