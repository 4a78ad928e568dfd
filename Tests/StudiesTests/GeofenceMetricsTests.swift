import Foundation
import Stats
import TestSupport
import Testing

@testable import FileFormats
@testable import Studies

@Suite struct GeofenceMetricsTests {
    func scenario() throws -> GeofenceScenario {
        let (folder, path) = try geofenceScenarioFile(
            smallGeofenceScenario(trials: 4, distances: "[30, 80]")
                .replacingOccurrences(
                    of: #"[{"kind": "naive"}, {"kind": "consecutive"}, {"kind": "accuracy-aware"}]"#, with: #"[{"kind": "naive"}]"#))
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            throw InputError(file: path, problem: "not geofence")
        }
        return s
    }

    func outcome(_ cell: Int, _ trial: Int, inside: Bool, enters: Int, exits: Int, first: Double?) -> GeofenceOutcome {
        GeofenceOutcome(
            cellIndex: cell, trialInCell: trial, seed: TrialSeed(scenarioSeed: 42, trialIndex: UInt64(cell * 4 + trial)),
            durationSeconds: 300, fixesDelivered: 301, fixesDropped: 0,
            trueFirstInsideSeconds: [inside ? 0 : nil], trueMinimumDistanceMeters: [inside ? 30 : 80],
            enters: [enters], exits: [exits], falseEnters: [inside ? 0 : enters], firstEnterSeconds: [first],
            firstEnterWasFalse: [!inside && enters > 0])
    }

    // Hand-made visits. Cell 0 (30 m, inside): first enters at 2, 10, never, 100 s with a 60 s limit → 2 of 4
    // missed; times to trigger sorted [2, 10, 100]: median 10, p95 (Hyndman–Fan type 7, h = 2 × 0.95 = 1.9)
    // = 10 + 0.9 × 90 = 91. Cell 1 (80 m, outside): enters 0, 1, 3, 0 → 2 of 4 visits with a false trigger,
    // 4 false triggers in 4 × 300 s = 1/3 h → 12 per hour; exits 0, 1, 2, 0 → 3 per 1/3 h = 9 cycles per hour.
    @Test func metricsOnHandMadeVisits() throws {
        let s = try scenario()
        #expect(s.cells.count == 2 && s.timeLimitSeconds == 60)
        let outcomes = [
            outcome(0, 0, inside: true, enters: 1, exits: 0, first: 2), outcome(0, 1, inside: true, enters: 1, exits: 0, first: 10),
            outcome(0, 2, inside: true, enters: 0, exits: 0, first: nil), outcome(0, 3, inside: true, enters: 1, exits: 0, first: 100),
            outcome(1, 0, inside: false, enters: 0, exits: 0, first: nil), outcome(1, 1, inside: false, enters: 1, exits: 1, first: 50),
            outcome(1, 2, inside: false, enters: 3, exits: 2, first: 7), outcome(1, 3, inside: false, enters: 0, exits: 0, first: nil),
        ]
        let a = try GeofenceAnalysis(scenario: s, outcomes: outcomes)
        #expect(a.rows.count == 2)
        let inside = a.rows[0]
        #expect(inside.insideVisits == 4 && inside.missedVisits == 2 && inside.outsideVisits == 0)
        #expect(inside.missProbability == 0.5)
        #expect(inside.falseTriggerProbability == nil && inside.falseTriggerInterval == nil && inside.falseTriggersPerHour == nil)
        #expect(inside.timeToTriggerMedianSeconds == 10)
        #expect(abs((inside.timeToTriggerP95Seconds ?? 0) - 91) < 1e-12)
        let outside = a.rows[1]
        #expect(outside.outsideVisits == 4 && outside.falseTriggerVisits == 2 && outside.falseTriggers == 4)
        #expect(outside.falseTriggerProbability == 0.5)
        // 2 of 4 visits: the modified Wilson interval. 2 counted and 2 not, so both bounds are the Poisson ones:
        // χ²(0.025; 4)/2/4 = 0.24221/4 = 0.060553 below Wilson's 0.1500, and 1 − 0.060553 = 0.939447 above Wilson's
        // 0.8500.
        let wilson = try Proportion(successes: 2, trials: 4).wilson()
        #expect(abs((outside.falseTriggerInterval?.high ?? 0) - 0.939447) < 1e-6 && wilson.high < 0.8501)
        #expect(abs((outside.falseTriggerInterval?.low ?? 0) - 0.060553) < 1e-6 && wilson.low > 0.1499)
        // The miss share (2 of 4 inside visits) and the collect shares (3 of 4 inside, 2 of 4 outside) take the same
        // interval. 3 of 4: the lower bound is min(Wilson's 0.300642, χ²(0.025; 6)/2/4 = 0.61867/4 = 0.154668), the
        // upper max(Wilson's 0.954413, 1 − χ²(0.025; 2)/2/4 = 1 − 0.025318/4 = 0.993671).
        let miss = try #require(inside.missInterval)
        #expect(abs(miss.low - 0.060553) < 1e-6 && abs(miss.high - 0.939447) < 1e-6)
        let collect = try #require(inside.collectInterval)
        #expect(inside.collectedVisits == 3)
        #expect(abs(collect.low - 0.154668) < 1e-6 && abs(collect.high - 0.993671) < 1e-6)
        #expect(outside.collectInterval == outside.falseTriggerInterval)
        #expect(abs((outside.falseTriggersPerHour ?? 0) - 12) < 1e-12)
        #expect(abs(outside.flappingCyclesPerHour - 9) < 1e-12)
        #expect(outside.missProbability == nil && outside.timeToTriggerMedianSeconds == nil)
        #expect(outside.wronglyCollectedVisits == 2 && outside.collectedVisits == 2)
        // Garwood interval for k = 4 events per 1/3 hour: [χ²(0.025; 8)/2, χ²(0.975; 10)/2] × 3, with the χ² quantiles
        // 2.179731 and 20.483177 (standard tables, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.4) → [3.2696, 30.7248].
        let garwood = try GeofenceAnalysis.poissonInterval(events: 4, exposure: 1.0 / 3)
        #expect(abs(garwood.low - 2.179731 / 2 * 3) < 1e-5 && abs(garwood.high - 20.483177 / 2 * 3) < 1e-5)
        // The report's interval clusters by visit (ClusteredRate): counts 0, 1, 3, 0 in 1/12 h each, λ̂ = 12,
        // Σy²/t = 10 × 12 = 120, X² = 120/12 − 4 = 6, φ̂ = 6/3 = 2, times (t₀.₉₇₅,₃/z₀.₉₇₅)² = 2.636489 gives
        // φ = 5.272978; effective count 4/φ = 0.758585; [χ²₀.₀₂₅(1.517169)/2, χ²₀.₉₇₅(3.517169)/2]·φ·3
        // = [0.110129, 81.41102] (quantiles from scipy.stats): the triggers bunch in one visit, so the interval is
        // far wider than Garwood's.
        let ci = try #require(outside.falseTriggersPerHourInterval)
        #expect(abs(ci.low - 0.11012871031931817) < 1e-6 && abs(ci.high - 81.41101584634721) < 1e-5)
    }

    // No events: the Garwood lower bound is 0 and the upper is χ²(0.975; 2)/2 = −ln(0.025) = 3.6889 per exposure.
    @Test func poissonIntervalWithoutEvents() throws {
        let ci = try GeofenceAnalysis.poissonInterval(events: 0, exposure: 2)
        #expect(ci.low == 0)
        #expect(abs(ci.high - (-log(0.025)) / 2) < 1e-9)
    }

    // The CSV never prints NaN: undefined values are empty fields.
    @Test func undefinedRatesAreEmptyFields() throws {
        let s = try scenario()
        let outcomes = (0..<8).map { outcome($0 / 4, $0 % 4, inside: $0 < 4, enters: 0, exits: 0, first: nil) }
        let a = try GeofenceAnalysis(scenario: s, outcomes: outcomes)
        let csv = try GeofenceReport.ratesCSV(s, a)
        #expect(!csv.lowercased().contains("nan"))
        let lines = csv.split(separator: "\n")
        #expect(lines[0].hasPrefix("variant,environment,true_distance_m,check,place,visits"))
        #expect(lines[1].contains(",,"))
    }
}
