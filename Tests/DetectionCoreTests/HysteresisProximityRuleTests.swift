import Testing

@testable import DetectionCore

/// `hysteresis` (`HysteresisProximityRule`): its enter and exit rule on hand-made fixes at exact geodesic distances (see
/// `ProximityTests`), and its declaration.
@Suite struct HysteresisProximityRuleTests {
    @Test func hysteresisExitsOnlyBeyondMargin() throws {
        var m = try ProximityTests.monitor(.hysteresis)  // R 50, margin 10
        let events = ProximityTests.run(
            &m,
            [
                ProximityTests.fix(49.9, at: 0), ProximityTests.fix(55, at: 1), ProximityTests.fix(59.9, at: 2),
                ProximityTests.fix(60.1, at: 3),
                ProximityTests.fix(55, at: 4), ProximityTests.fix(50.1, at: 5), ProximityTests.fix(49.9, at: 6),
            ])
        #expect(ProximityTests.same(events, [(.enter, 0), (.exit, 3), (.enter, 6)]))
    }

    /// The keys it reads, whether it needs accuracy, and its labels as the geofence and grade reports write them
    /// (today's texts, byte for byte).
    @Test func declaration() {
        let kind = ProximityCheckKind.hysteresis
        let c = ProximityCheckConfiguration(kind: .hysteresis, exitMarginMeters: 7.5)
        #expect(kind.parameters.map(\.key) == ["radiusMeters", "exitMarginMeters"])
        #expect(kind.needsAccuracy == false)
        #expect(kind.label(c) == "exit beyond +7.5 m")
        #expect(kind.optionLabel(c) == "exit margin 7.5 m")
    }
}
