import Testing

@testable import DetectionCore

/// `consecutive` (`ConsecutiveProximityRule`): its enter and exit rule on hand-made fixes at exact geodesic distances (see
/// `ProximityTests`), and its declaration.
@Suite struct ConsecutiveProximityRuleTests {
    @Test func consecutiveNeedsKInARowBothWays() throws {
        var m = try ProximityTests.monitor(.consecutive)  // k = 2
        let events = ProximityTests.run(
            &m,
            [
                ProximityTests.fix(49.9, at: 0), ProximityTests.fix(50.1, at: 1), ProximityTests.fix(49.9, at: 2),
                ProximityTests.fix(49.9, at: 3),
                ProximityTests.fix(50.1, at: 4), ProximityTests.fix(49.9, at: 5), ProximityTests.fix(50.1, at: 6),
                ProximityTests.fix(50.1, at: 7),
            ])
        #expect(ProximityTests.same(events, [(.enter, 3), (.exit, 7)]))
    }

    /// The keys it reads, whether it needs accuracy, and its labels as the geofence and grade reports write them
    /// (today's texts, byte for byte).
    @Test func declaration() {
        let kind = ProximityCheckKind.consecutive
        let c = ProximityCheckConfiguration(kind: .consecutive, requiredConsecutiveFixes: 3)
        #expect(kind.parameters.map(\.key) == ["radiusMeters", "requiredConsecutiveFixes"])
        #expect(kind.needsAccuracy == false)
        #expect(kind.label(c) == "3 fixes in a row")
        #expect(kind.optionLabel(c) == "3 fixes in a row")
    }
}
