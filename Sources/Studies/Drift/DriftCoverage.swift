import DetectionCore
import Foundation
import MonteCarlo
import Reporting
import SensorSim
import Stats

/// Coverage of the drift report's intervals, counted by simulation: many replications of a small design from a
/// known profile, each with its own scenario seed, and how often each reported 95% interval contains the truth.
///
/// The truth is never taken from the fit: the crossover comes from the closed-form mean squares of the gyro model
/// (``trueCrossoverSeconds(profile:netRadians:totalRadians:tiltFactor:)``), and a phone's own bias, scale factor
/// and asymmetry are the numbers its device was drawn with (``DriftTrial/sharedDevice(scenarioSeed:profile:)``).
/// The test suite runs a few dozen replications with a binomial band derived from their number
/// (`DriftCoverageTests`); `sensorbench dev drift-coverage [R]` runs many more in a release build.
package enum DriftCoverage {
    /// How often an interval was reported and how often it contained the truth.
    package struct Count: Sendable, Equatable {
        package var reported = 0
        package var covered = 0
        /// Intervals entirely below the truth, and entirely above it (counted by ``record(_:estimate:truth:)``).
        package var below = 0
        package var above = 0
        /// Over the recorded intervals: how many had a point estimate, Σ(estimate − truth), Σ(estimate − truth)²,
        /// Σtruth², and the intervals' summed width, for ``diagnosis``.
        package var estimated = 0
        package var errorSum = 0.0
        package var errorSquareSum = 0.0
        package var truthSquareSum = 0.0
        package var widthSum = 0.0

        /// Adds another count's intervals (pooling cells or models).
        package mutating func add(_ o: Count) {
            reported += o.reported
            covered += o.covered
            below += o.below
            above += o.above
            estimated += o.estimated
            errorSum += o.errorSum
            errorSquareSum += o.errorSquareSum
            truthSquareSum += o.truthSquareSum
            widthSum += o.widthSum
        }

        /// covered / reported (0 when nothing was reported).
        package var rate: Double { reported > 0 ? Double(covered) / Double(reported) : 0 }

        /// Counts one reported interval against its truth, with the point estimate it was reported with.
        package mutating func record(_ interval: ConfidenceInterval, estimate: Double?, truth: Double) {
            reported += 1
            if interval.contains(truth) { covered += 1 }
            if interval.high < truth { below += 1 }
            if interval.low > truth { above += 1 }
            guard let e = estimate, e.isFinite, interval.width.isFinite else { return }
            estimated += 1
            errorSum += e - truth
            errorSquareSum += (e - truth) * (e - truth)
            truthSquareSum += truth * truth
            widthSum += interval.width
        }

        /// Where the misses come from, over the recorded estimates: the mean error and the spread of the errors,
        /// both relative to the root-mean-square truth, and the mean width over 2·1.96 times that spread (about 1
        /// for an interval as wide as the estimates' own scatter needs; below 1, too narrow). `nil` with fewer than
        /// two estimates.
        package var diagnosis: (relativeBias: Double, relativeSpread: Double, widthRatio: Double)? {
            guard estimated >= 2, truthSquareSum > 0 else { return nil }
            let n = Double(estimated)
            let mean = errorSum / n
            let sd = (max(errorSquareSum - n * mean * mean, 0) / (n - 1)).squareRoot()
            let rms = (truthSquareSum / n).squareRoot()
            return (mean / rms, sd / rms, sd > 0 ? widthSum / n / (2 * 1.959964 * sd) : .infinity)
        }
    }

    /// The crossover counts of ``crossover(profile:minutes:turns:trialsPerCell:replications:seed:bootstrapReplicates:runner:)``.
    package struct CrossoverResult: Sendable {
        /// The closed-form crossover, seconds.
        package let truthSeconds: Double
        package let replications: Int
        /// `reported`: replications whose report gives a crossover with an interval; `covered`: those whose
        /// interval contains the truth. A replication that says "time (or turning) dominates everywhere" although
        /// the truth crosses inside the grid counts as not covered in ``rate``.
        package let count: Count
        /// Reported intervals entirely below the truth, and entirely above it.
        package let below: Int
        package let above: Int
        /// The median of the point estimates (s; an "everywhere" verdict counts as the grid's end).
        package let medianEstimateSeconds: Double
        /// covered / replications: the coverage of the statement the report makes.
        package var rate: Double { Double(count.covered) / Double(replications) }
        /// The spreads over phones the same replications report (turn-on bias, scale factor, …, by id; a term marked
        /// as carrying another's part is not counted), each against the profile's σ; a spread given only as an upper
        /// bound counts as covered when the bound is at or above the truth. `turn_on_bias` is the issue's interval.
        package var components: [String: Count] = [:]
        /// The crossover's candidate intervals, unclipped and against the truth in minutes, by name
        /// (``DriftDecomposition/Crossover/candidateIntervals``): `bootstrap` (log-symmetric, where it exists) and
        /// `profile` (where the fit has one turning error for the loops); the reported one is their union there.
        package var candidates: [String: Count] = [:]
    }

    /// The duration T (s) at which the time terms' mean square equals the turning terms' for a class of phones, from
    /// the profile alone:
    ///
    ///     σ_b²T² + σ_GM²·2τ²(T/τ − 1 + e^(−T/τ)) + N²T + K²T³/3 = σ_s²(cθ_net)² + σ_a²(cθ_total/2)² + ((c − 1)θ_net)²
    ///
    /// (the variances of the integrated errors of ``GyroErrorModel``: Brown and Hwang §2.9 for the Gauss–Markov
    /// term, IEEE Std 952 for white noise and rate random walk). The left side increases with T from 0, so the root
    /// is found by bisection. `nil` when turning adds nothing or time never catches up below 10⁷ s.
    package static func trueCrossoverSeconds(
        profile p: GyroProfile, netRadians net: Double, totalRadians total: Double, tiltFactor c: Double = 1
    ) -> Double? {
        let bias = p.turnOnBiasDegPerSec * Double.pi / 180
        let scale = p.scaleFactorErrorPercent / 100
        let asymmetry = p.scaleFactorAsymmetryPercent / 100
        func time(_ t: Double) -> Double { bias * bias * t * t + DriftDecomposition.inRunVariance(p, seconds: t) }
        let turning =
            scale * scale * (c * net) * (c * net) + asymmetry * asymmetry * (c * total / 2) * (c * total / 2)
            + ((c - 1) * net) * ((c - 1) * net)
        guard turning > 0 else { return nil }
        var low = 0.0
        var high = 1e7
        guard time(high) > turning else { return nil }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if time(middle) < turning { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// `phone-calibrated`'s error budget (Scenarios/profiles/phone-calibrated.json) at 10 Hz instead of 100 Hz so
    /// that many replications stay fast: every term is specified per √Hz, per second or per device, so the drift's
    /// components do not depend on the rate.
    package static func phoneCalibratedAt10Hz() -> GyroProfile {
        var p = ShippedProfiles.phoneCalibrated
        p.name = "phone-calibrated-10hz"
        p.sampleRateHz = 10
        return p
    }

    /// A device profile of one measured phone on ``phoneCalibratedAt10Hz()``'s noise terms: its turn-on bias (°/s),
    /// scale-factor error and asymmetry (%), each with its standard error, named `name`, measured by `source`.
    package static func measuredPhoneAt10Hz(
        name: String, biasDegPerSec: (value: Double, se: Double), scaleFactorPercent: (value: Double, se: Double),
        asymmetryPercent: (value: Double, se: Double), source: String
    ) -> GyroProfile {
        let c = phoneCalibratedAt10Hz()
        var p = GyroProfile(name: name)
        p.kind = .device
        p.sampleRateHz = c.sampleRateHz
        p.noiseDensityDegPerSecPerRootHz = c.noiseDensityDegPerSecPerRootHz
        p.biasInstabilityDegPerHour = c.biasInstabilityDegPerHour
        p.biasCorrelationTimeSeconds = c.biasCorrelationTimeSeconds
        p.measurements = [
            "biasDegPerSec": GyroMeasurement(value: biasDegPerSec.value, standardError: biasDegPerSec.se, source: source),
            "scaleFactorErrorPercent": GyroMeasurement(
                value: scaleFactorPercent.value, standardError: scaleFactorPercent.se, source: source),
            "scaleFactorAsymmetryPercent": GyroMeasurement(
                value: asymmetryPercent.value, standardError: asymmetryPercent.se, source: source),
        ]
        return p
    }

    /// The one-phone design's profile: ``phoneCalibratedAt10Hz()`` with a 1% asymmetry, large enough that 16-turn
    /// zigzags measure it.
    package static func onePhoneProfile() -> GyroProfile {
        var p = phoneCalibratedAt10Hz()
        p.name = "phone-calibrated-10hz-asymmetric"
        p.scaleFactorAsymmetryPercent = 1
        return p
    }

    /// The crossover design: straight walks and 4-turn loops of 1, 2 and 5 minutes on ``phoneCalibratedAt10Hz()``,
    /// whose loops cross near 90 s.
    package static func crossoverDesign(replications: Int, trialsPerCell: Int, bootstrapReplicates: Int, runner: MonteCarloRunner)
        throws -> CrossoverResult
    {
        try crossover(
            profile: phoneCalibratedAt10Hz(), minutes: [1, 2, 5], turns: 4, trialsPerCell: trialsPerCell,
            replications: replications, seed: 9_110_000, bootstrapReplicates: bootstrapReplicates, runner: runner)
    }

    /// The two one-phone designs, on ``onePhoneProfile()`` at 1 and 5 minutes with straight walks beside the turning
    /// walks: 16-turn loops and 16-turn zigzags (`loopsAndZigzags`, so that the phone's bias, scale factor and
    /// asymmetry are all separable), or 8-turn random walks (`randomTurns`: each turn
    /// 15°–180°, net and total rotation different in every trial, so that the walk-to-walk spread has each trial's
    /// rotations regressed out within its cell).
    package enum OnePhoneDesign: String, CaseIterable, Sendable {
        case loopsAndZigzags = "one phone, loops + zigzags, 1/5 min"
        case randomTurns = "one phone, random 8-turn walks, 1/5 min"

        var turns: Int { self == .loopsAndZigzags ? 16 : 8 }
        var shapes: [WalkShape] { self == .loopsAndZigzags ? [.loop, .zigzag] : [.random] }
        /// Replication r's scenario seed is `seed + r`.
        var seed: UInt64 { self == .loopsAndZigzags ? 9_120_000 : 9_130_000 }

        /// The counts of replications `firstReplication ..< firstReplication + replications` (``onePhone(profile:minutes:turns:shapes:trialsPerCell:replications:seed:bootstrapReplicates:runner:firstReplication:)``).
        package func counts(
            replications: Int, trialsPerCell: Int, bootstrapReplicates: Int, runner: MonteCarloRunner, firstReplication: Int = 0
        ) throws -> [String: Count] {
            try DriftCoverage.onePhone(
                profile: onePhoneProfile(), minutes: [1, 5], turns: turns, shapes: shapes, trialsPerCell: trialsPerCell,
                replications: replications, seed: seed, bootstrapReplicates: bootstrapReplicates, runner: runner,
                firstReplication: firstReplication)
        }

        /// Replication r's intervals (``onePhoneReplication(profile:minutes:turns:shapes:trialsPerCell:replication:seed:bootstrapReplicates:runner:)``).
        package func rows(replication r: Int, trialsPerCell: Int, bootstrapReplicates: Int, runner: MonteCarloRunner) throws
            -> [ReplicationRow]
        {
            try DriftCoverage.onePhoneReplication(
                profile: onePhoneProfile(), minutes: [1, 5], turns: turns, shapes: shapes, trialsPerCell: trialsPerCell,
                replication: r, seed: seed, bootstrapReplicates: bootstrapReplicates, runner: runner)
        }
    }

    /// The one-phone design with loops and zigzags (``OnePhoneDesign/loopsAndZigzags``).
    package static func onePhoneDesign(replications: Int, trialsPerCell: Int, bootstrapReplicates: Int, runner: MonteCarloRunner)
        throws -> [String: Count]
    {
        try OnePhoneDesign.loopsAndZigzags.counts(
            replications: replications, trialsPerCell: trialsPerCell, bootstrapReplicates: bootstrapReplicates, runner: runner)
    }

    /// The one-phone design with random turns (``OnePhoneDesign/randomTurns``).
    package static func onePhoneRandomDesign(replications: Int, trialsPerCell: Int, bootstrapReplicates: Int, runner: MonteCarloRunner)
        throws -> [String: Count]
    {
        try OnePhoneDesign.randomTurns.counts(
            replications: replications, trialsPerCell: trialsPerCell, bootstrapReplicates: bootstrapReplicates, runner: runner)
    }

    /// The counts of ``shippedDesign(replications:trialsPerCell:bootstrapReplicates:runner:)``.
    package struct ShippedResult: Sendable {
        package let replications: Int
        /// The closed-form crossover of every loop (net = total = 360°), seconds.
        package let loopTruthSeconds: Double
        /// Keys: a spread's id with ` σ` (its reported interval, or [0, U] when not reliably detected) and with
        /// ` σ [profile]` (the profile-likelihood interval the report does not use); `turning share, loops` and
        /// `turning share, zigzags` (every turning cell's share interval against the closed-form share; cells of
        /// one replication are not independent); `turning share, zigzags, not identified (bound)` (a share reported as
        /// not identified: its upper bound at or above the truth, a missing bound a miss; the cells of one replication
        /// share one fit, so the same once per replication, `… every cell of a replication`, whose count is
        /// binomial: covered when every zigzag cell's bound holds); a dropped term's label
        /// with ` σ, not identified (bound)`; `crossover, loops` (each loop's crossover as the report prints it, its
        /// bounds rounded outward, against the closed form; "dominates everywhere" a miss).
        package var counts: [String: Count] = [:]
        /// Replications whose headline would say that turning dominates some zigzags for part of the grid (a
        /// crossing clause "turning dominates zigzags shorter than about n minutes", or turning everywhere), when
        /// by the closed form time dominates every zigzag of the grid at every duration: claims that are false.
        package var zigzagFalseClaims = 0
        /// Replications where some zigzag's crossover status is a crossing (whether or not the headline states it).
        package var zigzagCrossings = 0
        /// The same replications' per-cell RMS and regression intervals (``ReportIntervals``).
        package var reportIntervals = ReportIntervals()
    }

    /// The shipped drift design (`drift-time-vs-turns`): loops and zigzags with 0, 2, 4, 8 and 16 turns of 1, 2, 5, 10
    /// and 20 minutes, a fresh phone each walk, on ``phoneCalibratedAt10Hz()``, at `trialsPerCell` walks per cell
    /// (the report has 200). Every loop crosses at 89.8 s; by the closed form time dominates every zigzag (0.1%
    /// asymmetry) at every duration.
    package static func shippedDesign(replications: Int, trialsPerCell: Int, bootstrapReplicates: Int, runner: MonteCarloRunner)
        throws -> ShippedResult
    {
        try shipped(
            profile: phoneCalibratedAt10Hz(), minutes: [1, 2, 5, 10, 20], turns: [2, 4, 8, 16], trialsPerCell: trialsPerCell,
            replications: replications, seed: 9_140_000, bootstrapReplicates: bootstrapReplicates, runner: runner)
    }

    /// Coverage over a class of phones with loops and zigzags (90° turns) of `turns` turns and straight walks at each
    /// duration, replication r seeded with `seed + r`; see ``ShippedResult`` for what is counted. A cell's true
    /// turning share is turning / (time + turning) with time = σ_b²T² + v(T) (``DriftDecomposition/inRunVariance(_:seconds:)``)
    /// and turning = σ_s²θ_net² + σ_a²(θ_total/2)², T rounded to whole samples as the fit does.
    ///
    /// - Throws: when a loop's truth does not cross inside the grid or a zigzag's does (the design would not test
    ///   what it counts), or from the simulation and the fit.
    package static func shipped(
        profile p: GyroProfile, minutes: [Double], turns: [Int], trialsPerCell: Int, replications: Int, seed: UInt64,
        bootstrapReplicates: Int, runner: MonteCarloRunner
    ) throws -> ShippedResult {
        guard let lowest = minutes.min(), let highest = minutes.max(),
            let loopTruth = trueCrossoverSeconds(profile: p, netRadians: 2 * .pi, totalRadians: 2 * .pi),
            loopTruth > lowest * 60, loopTruth < highest * 60,
            turns.allSatisfy({ n in
                (trueCrossoverSeconds(profile: p, netRadians: 0, totalRadians: Double(n) * .pi / 2) ?? 0) < lowest * 60
            })
        else {
            throw StatsError.invalidInput("DriftCoverage.shipped: the loops do not cross inside the grid, or a zigzag does")
        }
        let bias = p.turnOnBiasDegPerSec * .pi / 180
        let scale = p.scaleFactorErrorPercent / 100
        let asymmetry = p.scaleFactorAsymmetryPercent / 100
        var result = ShippedResult(replications: replications, loopTruthSeconds: loopTruth)
        func count(_ key: String, _ covered: Bool) {
            result.counts[key, default: Count()].reported += 1
            if covered { result.counts[key, default: Count()].covered += 1 }
        }
        for r in 0..<replications {
            let s = scenario(
                p, minutes: minutes, turns: [0] + turns, shapes: [.loop, .zigzag], trialsPerCell: trialsPerCell,
                seed: seed &+ UInt64(r), sameDevice: false)
            let outcomes = try DriftStudy.simulate(s, runner: runner)
            let d = try DriftDecomposition(scenario: s, profileName: p.name, outcomes: outcomes, replicates: bootstrapReplicates)
            try result.reportIntervals.add(scenario: s, outcomes: outcomes)
            for c in d.components where c.carries.isEmpty {
                result.counts["\(c.id) σ", default: Count()].record(
                    c.interval, estimate: c.isReliablyDetected ? c.estimate : nil, truth: c.profileValue)
                for (name, interval) in c.candidateIntervals {
                    result.counts["\(c.id) σ [\(name)]", default: Count()].record(interval, estimate: c.estimate, truth: c.profileValue)
                }
            }
            for u in d.unidentified where u.source == .turning {
                count("\(u.label) σ, not identified (bound)", (u.upperBound ?? -1) >= u.profileValue)
            }
            var firstOutcome: [Int: DriftOutcome] = [:]
            for o in outcomes where firstOutcome[o.cellIndex] == nil { firstOutcome[o.cellIndex] = o }
            var boundedZigzags: (reported: Int, covered: Int) = (0, 0)
            for share in d.shares where share.cell.walk.turns > 0 {
                guard let o = firstOutcome[share.cell.index] else { continue }
                let seconds = (share.cell.walk.minutes * 60 * p.sampleRateHz).rounded() / p.sampleRateHz
                let time = bias * bias * seconds * seconds + DriftDecomposition.inRunVariance(p, seconds: seconds)
                let turning =
                    scale * scale * o.netRotationRadians * o.netRotationRadians
                    + asymmetry * asymmetry * (o.totalRotationRadians / 2) * (o.totalRotationRadians / 2)
                let truth = turning / (time + turning)
                let low = 1 - share.timeShareInterval.high
                let high = 1 - share.timeShareInterval.low
                let shape = share.cell.walk.shape == .loop ? "loops" : "zigzags"
                if share.timeShare == 1, high == 0 {
                    let held = (share.turningShareUpperBound ?? -1) >= truth
                    count("turning share, \(shape), not identified (bound)", held)
                    if shape == "zigzags" {
                        boundedZigzags.reported += 1
                        if held { boundedZigzags.covered += 1 }
                    }
                } else {
                    count("turning share, \(shape)", low <= truth && truth <= high)
                }
            }
            if boundedZigzags.reported > 0 {
                count(
                    "turning share, zigzags, not identified (bound), every cell of a replication",
                    boundedZigzags.covered == boundedZigzags.reported)
            }
            var zigzags: [DriftDecomposition.Crossover] = []
            for x in d.crossovers {
                if x.representative.walk.shape == .zigzag {
                    zigzags.append(x)
                    continue
                }
                if case .turningNotIdentified(let atMost) = x.status {
                    // A bound [0, atMost]: printed rounded up (or as "up to the longest" past the grid).
                    let printed = atMost <= x.maximumMinutes ? DriftReport.outward(atMost, significantDigits: 2, up: true) : .infinity
                    count("crossover, loops", loopTruth <= printed * 60)
                    continue
                }
                guard case .crosses(_, let low, let high) = x.status else {
                    count("crossover, loops", false)
                    continue
                }
                let printedLow = DriftReport.outward(low, significantDigits: 2, up: false) * 60
                let printedHigh = DriftReport.outward(high, significantDigits: 2, up: true) * 60
                count("crossover, loops", printedLow <= loopTruth && loopTruth <= printedHigh)
            }
            if zigzags.contains(where: { if case .crosses = $0.status { return true } else { return false } }) {
                result.zigzagCrossings += 1
            }
            let claims = DriftReport.splitByStatus(zigzags).contains { part in
                let v = DriftReport.verdict(part)
                return v.kind == .turning || (v.kind == .crossing && v.turningBelow != nil)
            }
            if claims { result.zigzagFalseClaims += 1 }
        }
        return result
    }

    /// The coverage table `sensorbench dev drift-coverage [R [TRIALS]]` prints: the four designs (crossover, shipped
    /// loops and zigzags, one phone with loops and zigzags, one phone with random turns) with R replications,
    /// TRIALS walks per cell (20 unless given) and `bootstrapReplicates` (the report's 400 unless given), each count
    /// with its 95% Clopper–Pearson interval, then, for every interval with a point estimate, where its misses fall
    /// (``Count/diagnosis``). `onePhoneOnly` runs the two one-phone designs alone, and `firstReplication` starts
    /// them at another replication (seed) than 0, so that blocks of replications can be run apart and added up.
    package static func table(
        replications: Int, trialsPerCell trials: Int = 20, bootstrapReplicates boot: Int = DriftDecomposition.defaultReplicates,
        onePhoneOnly: Bool = false, firstReplication: Int = 0, runner: MonteCarloRunner
    ) throws -> String {
        let span = firstReplication == 0 ? "" : " (\(firstReplication)–\(firstReplication + replications - 1))"
        var lines = [
            "Coverage of the drift report's 95% intervals: \(replications) replications\(span), \(trials) walks per cell, "
                + "\(boot) bootstrap replicates (phone-calibrated at 10 Hz)\(onePhoneOnly ? ", one-phone designs only" : "").",
            "",
        ]
        var diagnosed: [(name: String, design: String, count: Count)] = []
        func row(_ name: String, _ design: String, _ count: Count) throws {
            if count.diagnosis != nil { diagnosed.append((name, design, count)) }
            try row(name, design, count.covered, count.reported, of: count.reported)
        }
        func row(_ name: String, _ design: String, _ covered: Int, _ reported: Int, of total: Int) throws {
            guard total > 0 else { return }
            let ci = try Proportion(successes: covered, trials: total).clopperPearson(confidence: 0.95)
            let rate = Double(covered) / Double(total)
            lines.append(
                "| \(name) | \(design) | \(covered) | \(reported) | \(Format.exact((rate * 1000).rounded() / 1000)) | "
                    + "\(Format.exact((ci.low * 1000).rounded() / 1000))–\(Format.exact((ci.high * 1000).rounded() / 1000)) |"
            )
        }
        func header() {
            lines.append("| interval | design | covered | reported | coverage | 95% CI of the coverage |")
            lines.append("|---|---|---:|---:|---:|---|")
        }
        if !onePhoneOnly {
            header()
            let c = try crossoverDesign(replications: replications, trialsPerCell: trials, bootstrapReplicates: boot, runner: runner)
            try row(
                "crossover (truth \(Format.exact((c.truthSeconds * 10).rounded() / 10)) s)", "4-turn loops, 1/2/5 min, class of phones",
                c.count.covered, c.count.reported, of: replications)
            lines.append(
                "\nCrossover: \(c.below) intervals below the truth, \(c.above) above it, \(replications - c.count.reported) "
                    + "said \"dominates everywhere\"; median estimate \(Format.exact((c.medianEstimateSeconds * 10).rounded() / 10)) s.\n")
            header()
            for (name, count) in c.candidates.sorted(by: { $0.key < $1.key }) {
                try row("crossover, \(name) alone (unclipped, where it exists)", "4-turn loops, 1/2/5 min, class of phones", count)
            }
            lines.append("")
            header()
            for (id, count) in c.components.sorted(by: { $0.key < $1.key }) {
                try row("\(id) σ", "4-turn loops, 1/2/5 min, class of phones", count)
            }
            lines.append("")
            let shipped = try shippedDesign(replications: replications, trialsPerCell: trials, bootstrapReplicates: boot, runner: runner)
            let design = "loops + zigzags, 0–16 turns, 1–20 min, class of phones (drift-time-vs-turns)"
            header()
            for (id, count) in shipped.counts.sorted(by: { $0.key < $1.key }) {
                try row(id, design, count)
            }
            lines.append(
                "\nLoops + zigzags: the crossover truth \(Format.exact((shipped.loopTruthSeconds * 10).rounded() / 10)) s for "
                    + "every loop; time dominates every zigzag at every duration. Headlines claiming that turning dominates "
                    + "some zigzags (false): \(shipped.zigzagFalseClaims) of \(replications); replications with a zigzag "
                    + "crossover in the table: \(shipped.zigzagCrossings) of \(replications).\n")
            lines += try reportIntervalLines(shipped.reportIntervals, design: design)
            lines.append("")
        }
        header()
        for design in OnePhoneDesign.allCases {
            let counts = try design.counts(
                replications: replications, trialsPerCell: trials, bootstrapReplicates: boot, runner: runner,
                firstReplication: firstReplication)
            for (id, count) in counts.sorted(by: { $0.key < $1.key }) {
                try row(id, design.rawValue, count)
            }
        }
        lines.append(
            "\nWhere the misses fall (intervals with a point estimate): intervals entirely below or above the truth, the "
                + "estimates' mean error and standard deviation over the root-mean-square truth, and the intervals' mean "
                + "width over 2·1.96 standard deviations (below 1: narrower than the estimates' own scatter).\n")
        lines.append("| interval | design | below the truth | above it | mean error / truth | SD / truth | width / (3.92·SD) |")
        lines.append("|---|---|---:|---:|---:|---:|---:|")
        func rounded(_ x: Double) -> String { Format.exact((x * 1000).rounded() / 1000) }
        for d in diagnosed {
            guard let g = d.count.diagnosis else { continue }
            lines.append(
                "| \(d.name) | \(d.design) | \(d.count.below) | \(d.count.above) | \(rounded(g.relativeBias)) | "
                    + "\(rounded(g.relativeSpread)) | \(rounded(g.widthRatio)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per interval and replication of the one-phone designs (``OnePhoneDesign``), as CSV: design,
    /// replication, interval (the coverage table's key), estimate, low, high, truth, covered (1 or 0), each number with
    /// 17 significant digits; for studying how the misses arise (`sensorbench dev drift-coverage … --one-phone --csv`).
    package static func onePhoneCSV(
        replications: Int, trialsPerCell: Int, bootstrapReplicates: Int, firstReplication: Int = 0, runner: MonteCarloRunner
    ) throws -> String {
        var lines = ["design,replication,interval,estimate,low,high,truth,covered"]
        func number(_ x: Double) -> String { x.isFinite ? String(format: "%.17g", x) : (x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf")) }
        for design in OnePhoneDesign.allCases {
            for r in firstReplication..<(firstReplication + replications) {
                for row in try design.rows(
                    replication: r, trialsPerCell: trialsPerCell, bootstrapReplicates: bootstrapReplicates, runner: runner)
                {
                    lines.append(
                        "\"\(design.rawValue)\",\(r),\"\(row.key)\",\(number(row.estimate)),\(number(row.interval.low)),"
                            + "\(number(row.interval.high)),\(number(row.truth)),\(row.interval.contains(row.truth) ? 1 : 0)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scenario of loops with `turns` turns and straight walks at every duration, rotation-rate input, no tilt.
    static func scenario(
        _ profile: GyroProfile, minutes: [Double], turns: [Int], shapes: [WalkShape], trialsPerCell: Int, seed: UInt64,
        sameDevice: Bool
    ) -> DriftScenario {
        var cells: [DriftCell] = []
        for shape in shapes {
            for m in minutes {
                for n in turns {
                    cells.append(
                        DriftCell(
                            index: cells.count, profile: profile, input: .rotationRate, tiltDegrees: 0,
                            walk: WalkParameters(minutes: m, turns: n, shape: shape)))
                }
            }
        }
        return DriftScenario(
            name: "coverage", description: "", file: "coverage.json", seed: seed, trialsPerCell: trialsPerCell,
            sameDevice: sameDevice, cells: cells, tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
    }

    /// Coverage of the crossover interval for a class of phones: loops of `turns` turns (net = total = 360°) and
    /// straight walks at each duration, replication r seeded with `seed + r`.
    ///
    /// - Throws: when the truth does not cross inside the grid's durations (the design would not test the
    ///   interval), or from the simulation and the fit.
    package static func crossover(
        profile: GyroProfile, minutes: [Double], turns: Int, trialsPerCell: Int, replications: Int, seed: UInt64,
        bootstrapReplicates: Int, runner: MonteCarloRunner
    ) throws -> CrossoverResult {
        guard
            let truth = trueCrossoverSeconds(profile: profile, netRadians: 2 * .pi, totalRadians: 2 * .pi),
            let lowest = minutes.min(), let highest = minutes.max(), truth > lowest * 60, truth < highest * 60
        else {
            throw StatsError.invalidInput("DriftCoverage.crossover: the profile's loops do not cross inside the grid")
        }
        var count = Count()
        var below = 0
        var above = 0
        var estimates: [Double] = []
        var components: [String: Count] = [:]
        var candidates: [String: Count] = [:]
        for r in 0..<replications {
            let s = scenario(
                profile, minutes: minutes, turns: [0, turns], shapes: [.loop], trialsPerCell: trialsPerCell,
                seed: seed &+ UInt64(r), sameDevice: false)
            let outcomes = try DriftStudy.simulate(s, runner: runner)
            let d = try DriftDecomposition(
                scenario: s, profileName: profile.name, outcomes: outcomes, replicates: bootstrapReplicates)
            for c in d.components where c.carries.isEmpty {
                components[c.id, default: Count()].record(
                    c.interval, estimate: c.isReliablyDetected ? c.estimate : nil, truth: c.profileValue)
                for (name, interval) in c.candidateIntervals {
                    components["\(c.id) [\(name)]", default: Count()].record(interval, estimate: c.estimate, truth: c.profileValue)
                }
            }
            guard let c = d.crossovers.first(where: { $0.representative.walk.turns == turns }) else { continue }
            for (name, interval) in c.candidateIntervals {
                candidates[name, default: Count()].record(interval, estimate: nil, truth: truth / 60)
            }
            switch c.status {
            case .crosses(let minutes, let low, let high):
                count.reported += 1
                estimates.append(minutes * 60)
                if low * 60 <= truth, truth <= high * 60 { count.covered += 1 }
                if high * 60 < truth { below += 1 }
                if low * 60 > truth { above += 1 }
            case .turningNotIdentified(let atMost):
                // No point value, a bound [0, atMost]: covered when the truth lies at or below it.
                count.reported += 1
                if truth <= atMost * 60 { count.covered += 1 } else { below += 1 }
            case .timeEverywhere: estimates.append(lowest * 60)
            case .turningEverywhere: estimates.append(highest * 60)
            }
        }
        estimates.sort()
        let median = estimates.isEmpty ? 0 : (estimates[(estimates.count - 1) / 2] + estimates[estimates.count / 2]) / 2
        var result = CrossoverResult(
            truthSeconds: truth, replications: replications, count: count, below: below, above: above,
            medianEstimateSeconds: median)
        result.components = components
        result.candidates = candidates
        return result
    }

    /// Coverage of one phone's own values (`sameDevice`): loops and zigzags of `turns` turns and straight walks at
    /// each duration; replication r is a scenario with seed `seed + r`, so a new phone each time, and each reported
    /// interval is checked against its truth. Keys: a phone value's id (`turn_on_bias`, `scale_factor`,
    /// `asymmetry`: the reported t interval against the phone's drawn number), the same id with ` [bootstrap]` or
    /// ` [sandwich]` for the candidate intervals the report does not use, `in_run_spread_<m>min` (the walk-to-walk
    /// spread's χ² interval against √v(T) of the profile, ``DriftDecomposition/inRunVariance(_:seconds:)``), and a
    /// kept in-run term's id with ` [rough]` (its bootstrap range against the profile's σ: the report calls it
    /// rough, never a 95% interval), and for walks that are not random the time shares and crossovers against the
    /// phone's own closed form (``answerRows(_:device:)``). A term the fit leaves out or marks as carrying another's
    /// part is not counted.
    package static func onePhone(
        profile: GyroProfile, minutes: [Double], turns: Int, shapes: [WalkShape], trialsPerCell: Int, replications: Int,
        seed: UInt64, bootstrapReplicates: Int, runner: MonteCarloRunner, firstReplication: Int = 0
    ) throws -> [String: Count] {
        var counts: [String: Count] = [:]
        for r in firstReplication..<(firstReplication + replications) {
            for row in try onePhoneReplication(
                profile: profile, minutes: minutes, turns: turns, shapes: shapes, trialsPerCell: trialsPerCell,
                replication: r, seed: seed, bootstrapReplicates: bootstrapReplicates, runner: runner)
            {
                counts[row.key, default: Count()].record(row.interval, estimate: row.estimate, truth: row.truth)
            }
        }
        return counts
    }

    /// One interval of one replication, as ``onePhone(profile:minutes:turns:shapes:trialsPerCell:replications:seed:bootstrapReplicates:runner:firstReplication:)``
    /// counts it: its key there, the interval, its point estimate and the truth it is judged against.
    package struct ReplicationRow: Sendable, Equatable {
        package let key: String
        package let interval: ConfidenceInterval
        package let estimate: Double
        package let truth: Double
    }

    /// The intervals of replication r of a one-phone design (scenario seed `seed + r`, a new phone), keyed as
    /// ``onePhone(profile:minutes:turns:shapes:trialsPerCell:replications:seed:bootstrapReplicates:runner:firstReplication:)``
    /// says, in a fixed order (the decomposition's components, each followed by its candidates by name, then the
    /// walk-to-walk spreads by duration).
    package static func onePhoneReplication(
        profile: GyroProfile, minutes: [Double], turns: Int, shapes: [WalkShape], trialsPerCell: Int, replication r: Int,
        seed: UInt64, bootstrapReplicates: Int, runner: MonteCarloRunner
    ) throws -> [ReplicationRow] {
        let scenarioSeed = seed &+ UInt64(r)
        let s = scenario(
            profile, minutes: minutes, turns: [0, turns], shapes: shapes, trialsPerCell: trialsPerCell, seed: scenarioSeed,
            sameDevice: true)
        let outcomes = try DriftStudy.simulate(s, runner: runner)
        let device = try DriftTrial.sharedDevice(scenarioSeed: scenarioSeed, profile: profile)
        let d = try DriftDecomposition(
            scenario: s, profileName: profile.name, outcomes: outcomes, device: device, replicates: bootstrapReplicates)
        var rows: [ReplicationRow] = []
        for c in d.components where c.carries.isEmpty {
            rows.append(
                ReplicationRow(
                    key: c.isPhoneValue ? c.id : c.id + " [rough]", interval: c.interval, estimate: c.estimate,
                    truth: c.profileValue))
            for (name, interval) in c.candidateIntervals.sorted(by: { $0.key < $1.key }) {
                rows.append(ReplicationRow(key: "\(c.id) [\(name)]", interval: interval, estimate: c.estimate, truth: c.profileValue))
            }
        }
        for spread in d.inRunSpreads {
            rows.append(
                ReplicationRow(
                    key: "in_run_spread_\(Format.exact(spread.minutes))min", interval: spread.interval, estimate: spread.estimateDeg,
                    truth: spread.profileDeg))
        }
        rows += try answerRows(d, device: device)
        return rows
    }

    /// The phone `device` as ``DeviceAnswer`` takes it: bias in °/s, scale factor and asymmetry as fractions.
    package static func phone(_ device: GyroDevice) -> DeviceAnswer.Phone {
        DeviceAnswer.Phone(
            biasDegPerSec: device.turnOnBiasRadPerSec * DriftDecomposition.degrees, scaleFactor: device.scaleFactorError,
            asymmetry: device.scaleFactorAsymmetry)
    }

    /// Where time's part of `cell`'s mean square overtakes turning's for `phone`, minutes, searched beyond any grid:
    /// the T > 0 at which (b·T)² + v(T) = (s·c·θ_net + (a/2)·c·θ_total + (c − 1)·θ_net)² (``DeviceAnswer/parts(_:phone:seconds:)``,
    /// v(T) the profile's in-run variance), by bisection; the left side grows from 0 without bound when b ≠ 0 or
    /// the profile has in-run noise. 0 when turning's part is 0; +∞ when time has not caught up by 10⁸ s.
    package static func trueOnePhoneCrossoverMinutes(_ cell: DriftCell, phone: DeviceAnswer.Phone) -> Double {
        func gap(_ seconds: Double) -> Double {
            let p = DeviceAnswer.parts(cell, phone: phone, seconds: seconds)
            return p.time - p.turning
        }
        if gap(0) >= 0 { return 0 }
        var low = 0.0
        var high = cell.walk.minutes * 60
        while gap(high) < 0 {
            high *= 2
            if high > 1e8 { return .infinity }
        }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if gap(middle) < 0 { low = middle } else { high = middle }
        }
        return (low + high) / 120
    }

    /// What a crossover's status says about where time overtakes turning, as an interval of minutes: "time dominates
    /// at every duration here" is [0, shortest], "turning dominates" [longest, ∞), a crossing its interval with an end
    /// clipped at the grid's edge left open (the report claims nothing beyond the grid: turning is said to dominate
    /// shorter walks only when the lower end lies above the shortest duration, time longer ones only when the upper
    /// end lies below the longest), and a crossover not identified [0, its bound]. The point estimate is NaN for a
    /// verdict without one.
    package static func statedInterval(_ x: DriftDecomposition.Crossover) -> (interval: ConfidenceInterval, estimate: Double) {
        switch x.status {
        case .timeEverywhere: return (ConfidenceInterval(low: 0, high: x.minimumMinutes), .nan)
        case .turningEverywhere: return (ConfidenceInterval(low: x.maximumMinutes, high: .infinity), .nan)
        case .crosses(let minutes, let low, let high):
            let open = ConfidenceInterval(
                low: low <= x.minimumMinutes * (1 + 1e-9) ? 0 : low, high: high >= x.maximumMinutes * (1 - 1e-9) ? .infinity : high)
            return (open, minutes)
        case .turningNotIdentified(let atMost): return (ConfidenceInterval(low: 0, high: atMost), .nan)
        }
    }

    /// One phone's shares and crossovers against the phone's own truth (docs/drift.md part s): for every cell that
    /// turns (not a random shape, whose rotations vary walk to walk), `time share, <shape> <turns> turns, <m> min`,
    /// the reported interval of time's share against ``DeviceAnswer/timeShare(_:phone:)`` at the phone's own b, s and
    /// a (turning's share is one minus it, so its interval covers exactly when this one does; a share reported as not
    /// identified is [1 − its bound, 1]); and for every group of walks that differ only in duration,
    /// `crossover, <shape> <turns> turns`, what the report states (``statedInterval(_:)``) against
    /// ``trueOnePhoneCrossoverMinutes(_:phone:)``.
    static func answerRows(_ d: DriftDecomposition, device: GyroDevice) throws -> [ReplicationRow] {
        let truthPhone = phone(device)
        var rows: [ReplicationRow] = []
        func kind(_ c: DriftCell) -> String { "\(c.walk.shape.rawValue) \(c.walk.turns) turns" }
        for share in d.shares where share.cell.walk.turns > 0 && share.cell.walk.shape != .random {
            let interval =
                share.turningShareUpperBound.map { ConfidenceInterval(low: 1 - $0, high: 1) } ?? share.timeShareInterval
            rows.append(
                ReplicationRow(
                    key: "time share, \(kind(share.cell)), \(Format.exact(share.cell.walk.minutes)) min", interval: interval,
                    estimate: share.timeShare, truth: DeviceAnswer.timeShare(share.cell, phone: truthPhone)))
        }
        for x in d.crossovers where x.representative.walk.shape != .random {
            let stated = statedInterval(x)
            rows.append(
                ReplicationRow(
                    key: "crossover, \(kind(x.representative))", interval: stated.interval, estimate: stated.estimate,
                    truth: trueOnePhoneCrossoverMinutes(x.representative, phone: truthPhone)))
        }
        return rows
    }
}
