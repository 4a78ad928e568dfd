import Foundation
import Stats
import TestSupport
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// The geofence answer names every environment where the recommended check fails, with its figures, and says it
/// holds everywhere only when it does (hand-made visits: the answer flips with the indoor misses).
@Suite struct GeofenceAdviceTests {
    /// One `naive` check, 4 visits per cell, at 30 m (inside the 50 m rule, and within 50 − 10 m) and 80 m, on
    /// campus and indoor GPS.
    func scenario() throws -> GeofenceScenario {
        let (folder, path) = try geofenceScenarioFile(
            smallGeofenceScenario(trials: 4, distances: "[30, 80]")
                .replacingOccurrences(
                    of: #"[{"kind": "naive"}, {"kind": "consecutive"}, {"kind": "accuracy-aware"}]"#, with: #"[{"kind": "naive"}]"#
                )
                .replacingOccurrences(of: #""environment": ["campus"]"#, with: #""environment": ["campus", "indoor"]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            throw InputError(file: path, problem: "not geofence")
        }
        return s
    }

    /// Inside cells: every visit enters 2 s after arriving, except `indoorMissed` indoor visits that never enter.
    /// Outside cells: no enters.
    func outcomes(_ s: GeofenceScenario, indoorMissed: Int) -> [GeofenceOutcome] {
        s.cells.flatMap { cell in
            (0..<4).map { k in
                let inside = cell.distanceMeters < 50
                let missed = inside && cell.environment.name == "indoor" && k < indoorMissed
                return GeofenceOutcome(
                    cellIndex: cell.index, trialInCell: k,
                    seed: TrialSeed(scenarioSeed: 42, trialIndex: UInt64(cell.index * 4 + k)), durationSeconds: 120,
                    fixesDelivered: 121, fixesDropped: 0, trueFirstInsideSeconds: [inside ? 0 : nil],
                    trueMinimumDistanceMeters: [cell.distanceMeters], enters: [inside && !missed ? 1 : 0], exits: [0],
                    falseEnters: [0], firstEnterSeconds: [inside && !missed ? 2 : nil], firstEnterWasFalse: [false])
            }
        }
    }

    /// 2 of 4 indoor visits missed: 50% > 5%, so indoor is named with that figure and campus (0 of 4 missed, 2 s to
    /// trigger) is not. The interval is the modified Wilson: 2 missed and 2 not, so both bounds are the Poisson ones,
    /// χ²(0.025; 4)/2/4 = 0.060553 and 1 − 0.060553 (Wilson's alone would be 15.0%–85.0%).
    @Test func namesTheEnvironmentWhereItFails() throws {
        let s = try scenario()
        #expect(s.cells.count == 4)
        let a = try GeofenceAnalysis(scenario: s, outcomes: outcomes(s, indoorMissed: 2))
        let text = try GeofenceReport.environmentAdvice(s, a, recommended: 0, variant: "base", probe: 80)
        #expect(text.contains("**Where it fails**"))
        #expect(text.contains("indoor: at 30 m misses 50.0% (95% CI 6.1%–93.9%) of visits"), "\(text)")
        #expect(!text.contains("campus: at"))
        #expect(text.contains("No check holds in all 2 environments"))
        #expect(text.contains("campus: `naive`") && text.contains("indoor: no check holds"))
    }

    /// No indoor misses: the check holds in both environments, and the answer says so.
    @Test func holdsEverywhereWhenItDoes() throws {
        let s = try scenario()
        let a = try GeofenceAnalysis(scenario: s, outcomes: outcomes(s, indoorMissed: 0))
        let text = try GeofenceReport.environmentAdvice(s, a, recommended: 0, variant: "base", probe: 80)
        #expect(text.contains("It holds in every environment simulated"))
        #expect(text.contains("The check that holds in all 2 environments: `naive`"))
        #expect(!text.contains("Where it fails"))
    }
}
