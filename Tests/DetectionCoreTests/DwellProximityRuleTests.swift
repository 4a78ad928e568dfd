import Testing

@testable import DetectionCore

/// `dwell` (`DwellProximityRule`): its enter and exit rule on hand-made fixes at exact geodesic distances (see
/// `ProximityTests`), and its declaration.
@Suite struct DwellProximityRuleTests {
    @Test func dwellNeedsContinuousTimeInside() throws {
        var m = try ProximityTests.monitor(.dwell)  // 10 s
        let events = ProximityTests.run(
            &m,
            [
                ProximityTests.fix(40, at: 0), ProximityTests.fix(40, at: 5), ProximityTests.fix(40, at: 10),  // 10 s inside → enter at 10
                ProximityTests.fix(50.1, at: 11),  // exit on the first outside fix
                ProximityTests.fix(40, at: 12), ProximityTests.fix(60, at: 15),  // run broken: restart
                ProximityTests.fix(40, at: 16), ProximityTests.fix(40, at: 25),  // only 9 s
                ProximityTests.fix(40, at: 26),  // 10 s → enter
            ])
        #expect(ProximityTests.same(events, [(.enter, 10), (.exit, 11), (.enter, 26)]))
    }

    /// The keys it reads, whether it needs accuracy, and its labels as the geofence and grade reports write them
    /// (today's texts, byte for byte).
    @Test func declaration() {
        let kind = ProximityCheckKind.dwell
        let c = ProximityCheckConfiguration(kind: .dwell)
        #expect(kind.parameters.map(\.key) == ["radiusMeters", "dwellSeconds"])
        #expect(kind.needsAccuracy == false)
        #expect(kind.label(c) == "inside for 10 s")
        #expect(kind.optionLabel(c) == "dwell 10 s")
    }
}
