import Foundation
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
}
