import Foundation
import Stats
import TestSupport
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// The fast version of `sensorbench dev geofence-coverage`: a small indoor design whose rates span about 0.3 to 25
/// false triggers an hour (bursty: indoor fix errors persist for τ = 300 s), replicated 40 times on fresh trials with
/// the scenario's fixed seed, through the report's own analysis and floor.
@Suite struct GeofenceCoverageTests {
    /// 40 visits of 5 minutes a cell (3.33 outside hours a replication) at 70 and 100 m from Joe's Café, indoor GPS.
    let json = """
        {
          "study": "geofence", "name": "coverage", "seed": 20261203, "trialsPerCell": 40,
          "places": \(twoPlacesJSON),
          "movement": {"kind": "loiter", "minutes": 5, "wanderMeters": 3},
          "checks": [{"kind": "naive"}, {"kind": "dwell"}],
          "grid": {"distanceMeters": [70, 100], "environment": ["indoor"]}
        }
        """

    /// Every row's floored per-hour interval contains the leave-one-out truth in at least 33 of the 40 replications.
    /// Why 33: if an interval covers 95%, its count of covering replications is Binomial(40, 0.95), and
    /// P(X ≤ 32) = Σ_{k≤32} C(40,k)·0.95^k·0.05^(40−k) = 0.00071 (P(X ≤ 33) = 0.0034): an interval that covers
    /// fails this almost never, one that covers 80% (mean 32) fails it more often than not. The design has a row
    /// below 2 an hour, the low rates.
    @Test func flooredRateIntervalCovers() throws {
        let (folder, path) = try geofenceScenarioFile(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try #require(try ScenarioFile.load(path: path).study as? GeofenceScenario)
        let rows = try GeofenceIntervalCoverage.rows(s, replications: 40, runner: MonteCarloRunner(jobs: 2))
        #expect(rows.count == 4, "every (distance, check) fired at least once over the replications")
        #expect(rows.contains { $0.ratePerHour >= 0.1 && $0.ratePerHour <= 2 }, "\(rows.map(\.ratePerHour))")
        for r in rows {
            #expect(r.judged == 40)
            #expect(r.rateCovered >= 33, "\(r.distanceMeters) m, check \(r.checkIndex): \(r.rateCovered) of 40 at \(r.ratePerHour)/h")
            #expect(r.visitShareCovered >= 33, "\(r.distanceMeters) m, check \(r.checkIndex): Wilson \(r.visitShareCovered) of 40")
        }
    }

    /// Campus GPS at 45 and 100 m from Joe's Café (40 two-minute visits a cell, naive and dwell), 10 replications.
    let insideJSON = """
        {
          "study": "geofence", "name": "coverage-inside", "seed": 20261205, "trialsPerCell": 40,
          "places": \(twoPlacesJSON),
          "movement": {"kind": "loiter", "minutes": 2, "wanderMeters": 3},
          "checks": [{"kind": "naive"}, {"kind": "dwell"}],
          "grid": {"distanceMeters": [45, 100], "environment": ["campus"]}
        }
        """

    /// The miss and collect columns count what they should. At 45 m, wandering at most 3 m, every visit comes within
    /// the 50 m radius: 10 × 40 = 400 inside visits and none outside; at 100 m none inside. A share is judged in
    /// every replication (each has visits) unless its pooled value is exactly 0 or 1; a visit that was not missed
    /// triggered, so it collected; at 100 m a collection is a false trigger. The reported intervals are the modified
    /// Wilson, never narrower than Wilson's, so they cover at least as often.
    @Test func missAndCollectColumnsCount() throws {
        let (folder, path) = try geofenceScenarioFile(insideJSON)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try #require(try ScenarioFile.load(path: path).study as? GeofenceScenario)
        let rows = try GeofenceIntervalCoverage.rows(s, replications: 10, runner: MonteCarloRunner(jobs: 2))
        let inside = rows.filter { $0.distanceMeters == 45 }
        #expect(inside.count == 2, "both checks at 45 m have inside visits, so both rows are kept")
        for r in rows {
            #expect(r.allVisits == 400)
            #expect(r.collectJudged == (r.collectDegenerate ? 0 : 10))
            #expect(r.collectCovered >= r.collectWilsonCovered && r.missCovered >= r.missWilsonCovered)
        }
        for r in inside {
            #expect(r.insideVisits == 400 && r.visits == 0 && !r.hasFalseTriggers)
            #expect(r.missJudged == (r.missDegenerate ? 0 : 10))
            #expect(r.collectedVisits >= r.insideVisits - r.missedVisits)
        }
        #expect(inside.contains { $0.missJudged == 10 }, "\(inside.map(\.missedVisits)) missed of 400")
        for r in rows where r.distanceMeters == 100 {
            #expect(r.insideVisits == 0 && r.missJudged == 0 && r.collectedVisits == r.triggeredVisits)
        }
        let table = try GeofenceIntervalCoverage.table(s, replications: 10, runner: MonteCarloRunner(jobs: 2))
        #expect(table.contains("miss-share intervals") && table.contains("Miss share: 2 rows"), "\(table)")
    }

    /// Leave-one-out judging by hand. Replications 1/10, 3/10 and 0/10 (pooled 4/30) are judged against 3/20 = 0.15,
    /// 1/20 = 0.05 and 4/20 = 0.2; Wilson's intervals (closed form (2x + z² ± z√(z² + 4x(n − x)/n))/(2(n + z²)),
    /// z = 1.959964) are [0.01788, 0.40415], [0.10779, 0.60322] and [0, 0.27753]: the first and the third hold their
    /// truth, the second does not (0.05 < 0.10779). The reported intervals given, [0, 1], [0.2, 0.3] and none, hold
    /// it once. A replication without trials, or whose trials are all there are, is not judged.
    @Test func shareIsJudgedLeaveOneOut() throws {
        var judged = 0
        var covered = 0
        var wilsonCovered = 0
        try GeofenceIntervalCoverage.judgeShare(
            [
                (1, 10, ConfidenceInterval(low: 0, high: 1)), (3, 10, ConfidenceInterval(low: 0.2, high: 0.3)),
                (0, 10, nil), (0, 0, ConfidenceInterval(low: 0, high: 1)),
            ], successes: 4, trials: 30, judged: &judged, covered: &covered, wilsonCovered: &wilsonCovered)
        #expect(judged == 3 && covered == 1 && wilsonCovered == 2)
        var alone = (judged: 0, covered: 0, wilson: 0)
        try GeofenceIntervalCoverage.judgeShare(
            [(2, 10, ConfidenceInterval(low: 0, high: 1))], successes: 2, trials: 10, judged: &alone.judged,
            covered: &alone.covered, wilsonCovered: &alone.wilson)
        #expect(alone.judged == 0)
    }
}
