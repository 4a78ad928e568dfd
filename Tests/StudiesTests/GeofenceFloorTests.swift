import Foundation
import Stats
import TestSupport
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// The false-trigger rate's interval takes its environment's dispersion floor (hand-made visits), and the method
/// sentence says what floor it took and, when it is 1, what that assumes.
@Suite struct GeofenceFloorTests {
    /// The small scenario (naive, consecutive, accuracy-aware) with 40 visits at 80 m on campus GPS.
    func scenario() throws -> GeofenceScenario {
        let (folder, path) = try geofenceScenarioFile(smallGeofenceScenario(trials: 40, distances: "[80]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            throw InputError(file: path, problem: "not geofence")
        }
        return s
    }

    /// 40 outside visits of 120 s: `naive` fires `burst` times in each of visits 0–3, `consecutive` once in visit 0,
    /// `accuracy-aware` never.
    func outcomes(_ s: GeofenceScenario, burst: Int) -> [GeofenceOutcome] {
        (0..<40).map { k in
            let enters = [k < 4 ? burst : 0, k == 0 ? 1 : 0, 0]
            return GeofenceOutcome(
                cellIndex: 0, trialInCell: k, seed: TrialSeed(scenarioSeed: 42, trialIndex: UInt64(k)),
                durationSeconds: 120, fixesDelivered: 121, fixesDropped: 0, trueFirstInsideSeconds: [nil],
                trueMinimumDistanceMeters: [80], enters: enters, exits: enters, falseEnters: enters,
                firstEnterSeconds: enters.map { $0 > 0 ? 5 : nil }, firstEnterWasFalse: enters.map { $0 > 0 })
        }
    }

    /// Bursts of 10: naive's 40 triggers in 40/30 h give λ̂ = 30/h, X² = Σy²/(λ̂t) − Y = 4·100·30/30 − 40 = 360,
    /// φ̂ = 360/39 = 9.231, times (t₀.₉₇₅,₃₉/z₀.₉₇₅)² = (2.0227/1.9600)² = 1.0650: φ₀ = 9.831. The consecutive
    /// check's single trigger (too few to show clustering) gets that floor: its interval is
    /// ``ClusteredRate/interval(confidence:dispersionFloor:)`` at 9.831, more than twice as high as its unfloored
    /// interval (its own φ̂ = (Σy²/(λ̂t) − Y)/39 = (30/0.75 − 1)/39 = 1, times 1.0650), itself about Garwood's
    /// 1-event interval [χ²₀.₀₂₅(2)/2, χ²₀.₉₇₅(4)/2]/(4/3 h) = [0.0190, 4.18] per hour.
    @Test func aQuietCheckTakesTheEnvironmentsFloor() throws {
        let s = try scenario()
        let a = try GeofenceAnalysis(scenario: s, outcomes: outcomes(s, burst: 10))
        let expected = 360.0 / 39 * (2.0227 / 1.9600) * (2.0227 / 1.9600)
        let consecutive = try #require(a.row(cell: 0, check: 1, place: 0))
        #expect(abs(consecutive.dispersionFloor - expected) < 0.01)
        #expect(consecutive.falseTriggers == 1)
        let floored = try #require(consecutive.falseTriggersPerHourInterval)
        #expect(floored == (try consecutive.falseTriggerClusters.interval(dispersionFloor: consecutive.dispersionFloor)))
        let unfloored = try #require(try consecutive.falseTriggerClusters.interval())
        let garwood = try #require(try ClusteredRate(events: 1, exposure: 4.0 / 3).interval())
        #expect(abs(garwood.high - 11.1433 / 2 / (4.0 / 3)) < 1e-3)
        #expect(unfloored.high >= garwood.high && unfloored.high < 1.1 * garwood.high)
        #expect(floored.high > 2 * unfloored.high)
        let text = try GeofenceReport.floorText(s, a)
        #expect(text.contains("campus 9.83"), "\(text)")
        #expect(!text.contains("do not cluster"), "\(text)")
    }

    /// Bursts of 4: naive's 16 triggers are below the 20 that show clustering, so no row sets a floor: φ₀ = 1, the
    /// consecutive check's interval is its unfloored one, and the sentence says the interval then assumes triggers
    /// do not cluster.
    @Test func withoutABusyRowTheFloorIsOneAndTheReportSaysSo() throws {
        let s = try scenario()
        let a = try GeofenceAnalysis(scenario: s, outcomes: outcomes(s, burst: 4))
        let consecutive = try #require(a.row(cell: 0, check: 1, place: 0))
        #expect(consecutive.dispersionFloor == 1)
        #expect(consecutive.falseTriggersPerHourInterval == (try consecutive.falseTriggerClusters.interval()))
        let text = try GeofenceReport.floorText(s, a)
        #expect(text.contains("campus 1;") || text.contains("campus 1 "), "\(text)")
        #expect(text.contains("the interval then assumes triggers do not cluster"), "\(text)")
    }
}
