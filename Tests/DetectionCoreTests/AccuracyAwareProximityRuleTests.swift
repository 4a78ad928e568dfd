import Testing

@testable import DetectionCore

/// `accuracyAware` (`AccuracyAwareProximityRule`): its enter and exit rule on hand-made fixes at exact geodesic distances (see
/// `ProximityTests`), and its declaration.
@Suite struct AccuracyAwareProximityRuleTests {
    @Test func accuracyAwareNeedsWholeCircleInsideOrOutside() throws {
        var m = try ProximityTests.monitor(.accuracyAware)
        let events = ProximityTests.run(
            &m,
            [
                ProximityTests.fix(40, at: 0, accuracy: 15),  // 40 + 15 = 55 > 50: no
                ProximityTests.fix(40, at: 1, accuracy: -1),  // invalid: ignored
                ProximityTests.fix(40, at: 2, accuracy: 9.9),  // 49.9 ≤ 50: enter
                ProximityTests.fix(55, at: 3, accuracy: 10),  // 55 − 10 = 45 < 50: still inside
                ProximityTests.fix(60.1, at: 4, accuracy: 10),  // 50.1 ≥ 50: exit
            ])
        #expect(ProximityTests.same(events, [(.enter, 2), (.exit, 4)]))
        #expect(m.counters.ignoredInvalidAccuracy == 1)
    }

    /// The keys it reads, whether it needs accuracy, and its labels as the geofence and grade reports write them
    /// (today's texts, byte for byte).
    @Test func declaration() {
        let kind = ProximityCheckKind.accuracyAware
        let c = ProximityCheckConfiguration(kind: .accuracyAware)
        #expect(kind.parameters.map(\.key) == ["radiusMeters"])
        #expect(kind.needsAccuracy == true)
        #expect(kind.label(c) == "whole accuracy circle inside")
        #expect(kind.optionLabel(c) == nil)
    }
}
