import Testing

@testable import DetectionCore

/// `naive` (`NaiveProximityRule`): its enter and exit rule on hand-made fixes at exact geodesic distances (see
/// `ProximityTests`), and its declaration.
@Suite struct NaiveProximityRuleTests {
    @Test func naiveEntersBelowRadiusAndExitsAtOrBeyond() throws {
        var m = try ProximityTests.monitor(.naive)
        let events = ProximityTests.run(
            &m,
            [
                ProximityTests.fix(60, at: 0), ProximityTests.fix(49.9, at: 1), ProximityTests.fix(49.9, at: 2),
                ProximityTests.fix(50.1, at: 3),
                ProximityTests.fix(49.9, at: 4, accuracy: -1),  // naive ignores accuracy, even an invalid one
            ])
        #expect(ProximityTests.same(events, [(.enter, 1), (.exit, 3), (.enter, 4)]))
        #expect(m.counters.fixesAccepted == 5 && m.counters.fixesIgnored == 0)
        #expect(abs(m.lastDistancesMeters[0] - 49.9) < 1e-6)
    }

    /// The keys it reads, whether it needs accuracy, and its labels as the geofence and grade reports write them
    /// (today's texts, byte for byte).
    @Test func declaration() {
        let kind = ProximityCheckKind.naive
        let c = ProximityCheckConfiguration(kind: .naive)
        #expect(kind.parameters.map(\.key) == ["radiusMeters"])
        #expect(kind.needsAccuracy == false)
        #expect(kind.label(c) == "one fix")
        #expect(kind.optionLabel(c) == nil)
    }
}
