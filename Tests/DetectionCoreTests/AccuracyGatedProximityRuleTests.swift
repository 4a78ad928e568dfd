import Testing

@testable import DetectionCore

/// `accuracyGated` (`AccuracyGatedProximityRule`): its enter and exit rule on hand-made fixes at exact geodesic distances (see
/// `ProximityTests`), and its declaration.
@Suite struct AccuracyGatedProximityRuleTests {
    @Test func accuracyGatedUsesOnlyAcceptedFixes() throws {
        var m = try ProximityTests.monitor(.accuracyGated)  // gate 20 m
        let events = ProximityTests.run(
            &m,
            [
                ProximityTests.fix(10, at: 0, accuracy: 25),  // too vague: ignored
                ProximityTests.fix(10, at: 1, accuracy: -1),  // invalid: ignored
                ProximityTests.fix(10, at: 2, accuracy: 20),  // exactly at the gate: accepted → enter
                ProximityTests.fix(80, at: 3, accuracy: 30),  // ignored: no exit
                ProximityTests.fix(80, at: 4, accuracy: 3),  // exit
            ])
        #expect(ProximityTests.same(events, [(.enter, 2), (.exit, 4)]))
        #expect(m.counters.ignoredInaccurate == 2 && m.counters.ignoredInvalidAccuracy == 1)
        #expect(m.counters.fixesAccepted == 2 && m.counters.fixesConsumed == 5)
    }

    /// The keys it reads, whether it needs accuracy, and its labels as the geofence and grade reports write them
    /// (today's texts, byte for byte).
    @Test func declaration() {
        let kind = ProximityCheckKind.accuracyGated
        let c = ProximityCheckConfiguration(kind: .accuracyGated, maximumAccuracyMeters: 12.5)
        #expect(kind.parameters.map(\.key) == ["radiusMeters", "maximumAccuracyMeters"])
        #expect(kind.needsAccuracy == true)
        #expect(kind.label(c) == "accuracy ≤ 12.5 m")
        #expect(kind.optionLabel(c) == "accuracy ≤ 12.5 m")
    }
}
