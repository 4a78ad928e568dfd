import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import Stats

/// `sensorbench dev device-coverage`: how often a device study's closed-form answer (``DeviceAnswer``) holds the true
/// phone's answer in its 95% intervals.
///
/// Each replication draws a true phone from `phone-calibrated`'s class spreads (bias b ~ N(0, 0.02 °/s), scale factor
/// s ~ N(0, 0.5%), asymmetry a ~ N(0, 0.1%)), then its measured values as `calibrate` reports them: value = true +
/// SE·z, with the design's SEs (the measurement model the profile's SEs claim), and computes ``DeviceAnswer`` for a
/// grid of 4-turn loops and zigzags of 1, 2, 4 and 8 minutes on that device profile (`phone-calibrated`'s noise at
/// 10 Hz). The truth is the same closed form at the true phone. Both intervals are counted: the projected one the
/// summary states and the central 95% over draws it stated before.
package enum DeviceAnswerCoverage {
    /// One measurement design: the standard errors `calibrate` would give.
    package struct Design: Sendable {
        package let name: String
        package let biasSEDegPerSec: Double
        package let scaleFactorSEPercent: Double
        package let asymmetrySEPercent: Double
    }

    /// The designs: a 3 h still record and a 10-turn spin placed to 1° (bias SE √(σ_GM²·2T/L) ≈ 0.0004 °/s at
    /// σ_GM 10 °/h, T 100 s; s SE σ_m/√2/(N·360°) ≈ 0.02%, a SE √6·σ_m/(N·360°) ≈ 0.07%, docs/recordings.md's spin
    /// model), and a 30 min still record with a 5-turn spin placed to 2° (0.0009 °/s, 0.08%, 0.27%).
    package static let designs: [Design] = [
        Design(name: "3 h still, 10 turns, 1°", biasSEDegPerSec: 0.0004, scaleFactorSEPercent: 0.02, asymmetrySEPercent: 0.07),
        Design(name: "30 min still, 5 turns, 2°", biasSEDegPerSec: 0.0009, scaleFactorSEPercent: 0.08, asymmetrySEPercent: 0.27),
    ]

    /// The class spreads the true phones are drawn from (`phone-calibrated`): b °/s, s and a in percent.
    static let biasSpreadDegPerSec = 0.02
    static let scaleSpreadPercent = 0.5
    static let asymmetrySpreadPercent = 0.1

    /// The intervals counted, in the table's order.
    package static let families = [
        "crossover, loops", "crossover, zigzags", "time's share, 1 min loop", "time's share, 8 min loop",
        "time's share, 1 min zigzag", "time's share, 8 min zigzag",
    ]

    /// Per family: replications, covered by the projected interval, covered by the central 95% of the draws.
    package struct Counts: Sendable, Equatable {
        package var phones = 0
        package var projected: [Int] = Array(repeating: 0, count: DeviceAnswerCoverage.families.count)
        package var draws: [Int] = Array(repeating: 0, count: DeviceAnswerCoverage.families.count)
        /// Per family, each phone's projected width divided by its draws' width (when the latter is positive).
        package var widthRatios: [[Double]] = Array(repeating: [], count: DeviceAnswerCoverage.families.count)

        mutating func add(_ o: Counts) {
            phones += o.phones
            for i in projected.indices {
                projected[i] += o.projected[i]
                draws[i] += o.draws[i]
                widthRatios[i] += o.widthRatios[i]
            }
        }
    }

    /// The device profile of a measured phone.
    static func profile(_ measured: DeviceAnswer.Phone, _ d: Design) -> GyroProfile {
        DriftCoverage.measuredPhoneAt10Hz(
            name: "measured-phone", biasDegPerSec: (measured.biasDegPerSec, d.biasSEDegPerSec),
            scaleFactorPercent: (measured.scaleFactor * 100, d.scaleFactorSEPercent),
            asymmetryPercent: (measured.asymmetry * 100, d.asymmetrySEPercent), source: "simulated")
    }

    /// The grid: 4-turn loops and zigzags of 1, 2, 4 and 8 minutes.
    static func scenario(_ p: GyroProfile, seed: UInt64) -> DriftScenario {
        var cells: [DriftCell] = []
        for shape in [WalkShape.loop, .zigzag] {
            for m in [1.0, 2, 4, 8] {
                cells.append(
                    DriftCell(
                        index: cells.count, profile: p, input: .rotationRate, tiltDegrees: 0,
                        walk: WalkParameters(minutes: m, turns: 4, shape: shape)))
            }
        }
        return DriftScenario(
            name: "device-coverage", description: "", file: "device-coverage.json", seed: seed, trialsPerCell: 2, sameDevice: true,
            cells: cells, tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
    }

    /// Phones `first`…`first` + R − 1 of a design (each its own stream), in parallel on `runner`, added up in order.
    package static func counts(
        _ d: Design, replications: Int, first: Int = 1, draws: Int = DeviceAnswer.defaultDraws,
        runner: MonteCarloRunner = MonteCarloRunner(jobs: 1)
    ) throws -> Counts {
        let results = try runner.run(count: replications) { i -> Counts in
            let seed = UInt64(first + i)
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 7))
            let truth = DeviceAnswer.Phone(
                biasDegPerSec: stream.gaussian(sigma: biasSpreadDegPerSec),
                scaleFactor: stream.gaussian(sigma: scaleSpreadPercent) / 100,
                asymmetry: stream.gaussian(sigma: asymmetrySpreadPercent) / 100)
            let measured = DeviceAnswer.Phone(
                biasDegPerSec: truth.biasDegPerSec + stream.gaussian(sigma: d.biasSEDegPerSec),
                scaleFactor: truth.scaleFactor + stream.gaussian(sigma: d.scaleFactorSEPercent) / 100,
                asymmetry: truth.asymmetry + stream.gaussian(sigma: d.asymmetrySEPercent) / 100)
            let p = profile(measured, d)
            let answer = try DeviceAnswer(scenario: scenario(p, seed: seed), profile: p, draws: draws)
            var c = Counts()
            c.phones = 1
            func count(_ family: Int, _ value: Double, _ projected: ConfidenceInterval, _ drawn: ConfidenceInterval) {
                if projected.contains(value) { c.projected[family] += 1 }
                if drawn.contains(value) { c.draws[family] += 1 }
                if drawn.width > 0 { c.widthRatios[family].append(projected.width / drawn.width) }
            }
            for (k, x) in answer.crossovers.enumerated() where k < 2 {
                let low = x.minimumMinutes * 60, high = x.maximumMinutes * 60
                let status = DeviceAnswer.crossover(x.representative, phone: truth, minimumSeconds: low, maximumSeconds: high)
                let family = x.representative.walk.shape == .loop ? 0 : 1
                count(
                    family, DeviceAnswer.crossoverMinutes(status, minimumSeconds: low, maximumSeconds: high), x.interval,
                    x.drawsInterval)
            }
            for share in answer.shares where share.cell.walk.minutes == 1 || share.cell.walk.minutes == 8 {
                let family = 2 + (share.cell.walk.shape == .loop ? 0 : 2) + (share.cell.walk.minutes == 1 ? 0 : 1)
                count(family, DeviceAnswer.timeShare(share.cell, phone: truth), share.interval, share.drawsInterval)
            }
            return c
        }
        var total = Counts()
        for r in results { total.add(r) }
        return total
    }

    /// The Markdown table: one row per design and interval.
    package static func table(
        replications: Int, first: Int = 1, draws: Int = DeviceAnswer.defaultDraws,
        runner: MonteCarloRunner = MonteCarloRunner(jobs: 1)
    ) throws -> String {
        var lines = [
            "| measurement (SE of b, s, a) | interval | projected (as reported) | central 95% of \(draws) draws (before) "
                + "| median width, projected / draws |",
            "| --- | --- | ---: | ---: | ---: |",
        ]
        func share(_ k: Int, _ n: Int) throws -> String {
            let interval = try Proportion(successes: k, trials: n).clopperPearson()
            func pct(_ x: Double) -> String { String(format: "%.1f", 100 * x) }
            return "\(k)/\(n) (\(pct(Double(k) / Double(n)))%; \(pct(interval.low))–\(pct(interval.high))%)"
        }
        for d in designs {
            let c = try counts(d, replications: replications, first: first, draws: draws, runner: runner)
            for (i, family) in families.enumerated() {
                let name =
                    "\(d.name) (\(String(format: "%g", d.biasSEDegPerSec)) °/s, \(String(format: "%g", d.scaleFactorSEPercent))%, "
                    + "\(String(format: "%g", d.asymmetrySEPercent))%)"
                let ratios = c.widthRatios[i].sorted()
                let median = ratios.isEmpty ? "–" : String(format: "%.2f", try Descriptive.quantile(sorted: ratios, probability: 0.5))
                lines.append(
                    "| \(name) | \(family) | \(try share(c.projected[i], c.phones)) | \(try share(c.draws[i], c.phones)) | \(median) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
