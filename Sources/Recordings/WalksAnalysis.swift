import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim
import Stats
import Studies

/// Does this phone drift as its profile says? The measured walks of a drift log against simulated walks.
///
/// Measured: OLS `abs_drift_deg ~ minutes` (as the drift study's `time` model) and, with at least 3 distinct
/// durations, the growth exponent `log|drift| ~ log(minutes)` (slope 0.5: random walk, 1: bias). Predicted: for
/// every distinct walk (``WalkKey``: its duration and, when the entry logged them, its own total and net rotation;
/// else a 4-turn loop or a straight walk), `trials` walks through the drift study's own machinery (``DriftStudy``,
/// one cell per distinct walk), summarised as the median and the central 95% of |drift|. A class profile draws a fresh phone per walk
/// (a class of phones); a device profile simulates its one phone, drawing the fixed errors per walk from the
/// measured values ± their standard errors (the predictive distribution of one walk of that phone).
///
/// The comparison: each walk's percentile among the simulated |drift| of its walk (mid-rank) is uniform if the
/// walks come from the prediction; Anderson–Darling tests that (``UniformityTests``), and the exact sign test asks
/// whether the walks sit above or below the predicted median as often. Both take the walks as independent, and a
/// log's walks are not: they are one phone's, sharing its turn-on bias and scale factor (a phone of the class with a
/// small bias puts every walk low). So the verdict is calibrated for one phone: `trials` logs (at least
/// ``minimumCalibrationLogs``) of the same walks are simulated, one phone drawn per log (a class profile: from its
/// spreads; a device profile: its values ± standard errors, once per log), each compared with the same predictions,
/// and the p-value is the share of those logs whose smaller p-value of the two tests is at most the log's own,
/// (1 + #{≤})/(1 + logs) (a Monte Carlo test, Davison and Hinkley 1997, §4.2.1: exact level whatever the
/// dependence). When it rejects at 5%, ``gap`` says which error would explain it. With turning in the log,
/// ``timeOrTurning`` answers the question from the walks; without, ``plan`` says which walks would.
package struct WalksAnalysis: Sendable {
    /// The walk a log entry is simulated as: its duration and, when it logged them, its total and net rotation.
    package struct WalkKey: Sendable, Hashable, Comparable {
        package let minutes: Double
        package let turnedDegrees: Double?
        package let netTurnDegrees: Double?

        package init(_ e: DriftLogEntry) {
            minutes = e.minutes
            let both = e.turnedDegrees != nil && e.netTurnDegrees != nil
            turnedDegrees = both ? e.turnedDegrees : nil
            netTurnDegrees = both ? e.netTurnDegrees : nil
        }

        /// Whether the walk is simulated with its own logged turning.
        package var hasTurning: Bool { turnedDegrees != nil }

        package static func < (a: WalkKey, b: WalkKey) -> Bool {
            if a.minutes != b.minutes { return a.minutes < b.minutes }
            if a.turnedDegrees != b.turnedDegrees { return (a.turnedDegrees ?? -1) < (b.turnedDegrees ?? -1) }
            return (a.netTurnDegrees ?? -Double.infinity) < (b.netTurnDegrees ?? -Double.infinity)
        }

        /// The simulated walk: the logged turning (``WalkParameters/turning(minutes:totalDegrees:netDegrees:)``:
        /// the drift model sees turning only through net and total rotation), else a straight walk or a 4-turn loop.
        package func walk(straight: Bool) -> WalkParameters {
            if let t = turnedDegrees, let n = netTurnDegrees {
                return WalkParameters.turning(minutes: minutes, totalDegrees: t, netDegrees: n)
            }
            return WalkParameters(minutes: minutes, turns: straight ? 0 : 4, shape: .loop)
        }
    }

    /// The profile's prediction for one simulated walk (``WalkKey``), degrees.
    package struct Prediction: Sendable {
        package let key: WalkKey
        package let walk: WalkParameters
        package var minutes: Double { key.minutes }
        package let trials: Int
        package let medianAbsDriftDeg: Double
        package let bandLowDeg: Double
        package let bandHighDeg: Double
        package let rmsDriftDeg: Double
        /// Sorted |drift| of the simulated walks, for percentiles.
        let sortedAbsDriftDeg: [Double]

        /// The fraction of simulated walks with |drift| below `x`.
        package func percentile(of x: Double) -> Double {
            var low = 0, high = sortedAbsDriftDeg.count
            while low < high {
                let mid = (low + high) / 2
                if sortedAbsDriftDeg[mid] < x { low = mid + 1 } else { high = mid }
            }
            return Double(low) / Double(max(sortedAbsDriftDeg.count, 1))
        }
    }

    package let log: DriftLog
    package let profile: GyroProfile
    package let walkShape: String
    package let models: [DriftAnalysis.Model]
    package let predictions: [Prediction]
    /// Measured walks above the band's upper edge at their duration.
    package let aboveBand: Int
    /// Measured walks below its lower edge.
    package let belowBand: Int
    /// Each walk's mid-rank percentile among the simulated walks of its duration, (L + E/2 + ½)/(n + 1), in log order.
    package let percentiles: [Double]
    /// Anderson–Darling of the percentiles against uniform.
    package let andersonDarling: UniformityTests.Result
    /// Walks above the predicted median, and the exact two-sided sign test's p.
    package let aboveMedian: Int
    package let signTestPValue: Double
    /// Simulated one-phone logs of the same walks the comparison is calibrated on.
    package let calibrationLogs: Int
    /// The comparison's p-value for one phone's log: the share of the simulated one-phone logs whose smaller p-value
    /// (Anderson–Darling or sign test) is at most this log's, (1 + #{≤})/(1 + logs).
    package let calibratedPValue: Double
    /// Which error would explain a rejected comparison, or nil.
    package let gap: Gap?
    /// The answer from the walks' own turning (a log with `turnedDegrees`), or why there is none.
    package let timeOrTurning: TimeOrTurning?
    package let timeOrTurningProblem: String?
    /// The walks that would answer the question (a log without turning).
    package let plan: WalkingPlan?
    /// For a device profile, what each unmeasured term could change (``UnmeasuredEffect``).
    package let unmeasured: [UnmeasuredEffect]

    /// Whether the comparison rejects the profile at 5% (the calibrated p-value).
    package var rejected: Bool { calibratedPValue < 0.05 }

    /// The rule `walks` used before the calibration: either test at 5%, the walks taken as independent phones.
    package var rejectedTakingWalksAsIndependent: Bool { andersonDarling.pValue < 0.05 || signTestPValue < 0.05 }

    /// The two tests on one log's walks, each against the prediction of its own walk.
    struct Comparison {
        let percentiles: [Double]
        let andersonDarling: UniformityTests.Result
        let aboveMedian: Int
        let signTestPValue: Double
        /// The smaller of the two p-values: the statistic the calibration ranks.
        var leastPValue: Double { min(andersonDarling.pValue, signTestPValue) }

        /// Mid-rank percentiles (kept off 0 and 1), Anderson–Darling against uniform and the sign test.
        init(absDriftDeg: [Double], predictions: [Prediction]) {
            var percentiles: [Double] = []
            var above = 0
            for (x, p) in zip(absDriftDeg, predictions) {
                let below = p.sortedAbsDriftDeg.filter { $0 < x }.count
                let equal = p.sortedAbsDriftDeg.filter { $0 == x }.count
                percentiles.append((Double(below) + Double(equal) / 2 + 0.5) / Double(p.sortedAbsDriftDeg.count + 1))
                if x > p.medianAbsDriftDeg { above += 1 }
            }
            self.percentiles = percentiles
            andersonDarling = UniformityTests.andersonDarling(percentiles)
            aboveMedian = above
            signTestPValue = UniformityTests.signTestPValue(above: above, n: percentiles.count)
        }
    }

    /// The log's distinct walks in order, and one drift-study cell for each (cell i simulates key i).
    static func cells(_ log: DriftLog, profile: GyroProfile, straight: Bool) -> (keys: [WalkKey], cells: [DriftCell]) {
        let keys = Array(Set(log.entries.map(WalkKey.init))).sorted()
        let cells = keys.enumerated().map { index, key in
            DriftCell(index: index, profile: profile, input: .rotationRate, tiltDegrees: 0, walk: key.walk(straight: straight))
        }
        return (keys, cells)
    }

    /// The least number of simulated logs the calibration uses: with m logs the smallest p-value is 1/(m + 1), so
    /// 199 lets a log be rejected at 0.5% whatever `trials` is (with 10 it could never reach 5%).
    static let minimumCalibrationLogs = 199

    /// The first trial index of the calibration's simulated logs (2³¹): beyond any prediction's (at most the
    /// log's distinct walks × 100 000 trials), below the shared-device index.
    static let calibrationFirstTrial = 1 << 31

    /// The error that would explain a gap between the walks and the prediction.
    ///
    /// The excess mean square e = d² − (predicted RMS at T)² of each walk is fitted, c ≥ 0 by least squares, as
    /// c·g for each candidate: a larger bias (g = (60T)², c = extra bias² in (°/s)²), more in-run noise (white noise or
    /// bias instability; g = 60T, c = extra N² in (°/√s)²), a larger turning error (g = θ², θ the walk's logged total
    /// rotation or the simulated loop's 360°; c = extra scale factor²). The candidate with the smallest residual sum
    /// of squares is named, with the size √c.
    package struct Gap: Sendable {
        package let worse: Bool
        package let error: String
        package let size: String
    }

    /// What an unmeasured term of a device profile could change: the RMS drift at the log's longest duration
    /// re-simulated with that term at the class profile's value (a fixed error: drawn per walk from the class
    /// spread; a noise term: the class value). RMS rather than the median: a zero-mean error spreads the walks on
    /// both sides and barely moves their median.
    package struct UnmeasuredEffect: Sendable {
        package let field: String
        package let classValue: Double
        package let minutes: Double
        package let rmsWithoutDeg: Double
        package let rmsWithDeg: Double
    }

    /// The prediction `entry` is compared with.
    package func prediction(for entry: DriftLogEntry) -> Prediction? {
        let key = WalkKey(entry)
        return predictions.first { $0.key == key }
    }

    /// Whether some walk is simulated with its own logged turning.
    package var simulatesLoggedTurning: Bool { predictions.contains { $0.key.hasTurning } }

    /// - Parameters:
    ///   - straight: simulate straight walks (0 turns) instead of 4-turn loops (360° net rotation), for entries that
    ///     did not log their turning; an entry with `turnedDegrees` and `netTurnDegrees` is simulated with its own.
    package init(
        log: DriftLog, profile: GyroProfile, trials: Int, seed: UInt64, straight: Bool,
        runner: MonteCarloRunner
    ) throws {
        self.log = log
        self.profile = profile
        let minutes = log.entries.map(\.minutes)
        let absDrift = log.entries.map { abs($0.driftDegrees) }
        var models: [DriftAnalysis.Model] = []
        func add(_ id: String, _ formula: String, _ response: [Double], _ terms: [RegressionTerm]) {
            do {
                models.append(.init(id: id, formula: formula, fit: try LinearModel.fit(response: response, terms: terms), note: nil))
            } catch {
                models.append(.init(id: id, formula: formula, fit: nil, note: "not estimable: \(error)"))
            }
        }
        add(DriftAnalysis.ModelID.time, "abs_drift_deg ~ minutes", absDrift, [RegressionTerm(name: "minutes", values: minutes)])
        let rows = absDrift.indices.filter { absDrift[$0] > 0 }
        if Set(rows.map { minutes[$0] }).count >= 3 {
            add(
                DriftAnalysis.ModelID.growthMinutes, "log(abs_drift_deg) ~ log(minutes)", rows.map { Foundation.log(absDrift[$0]) },
                [RegressionTerm(name: "log_minutes", values: rows.map { Foundation.log(minutes[$0]) })])
        } else {
            models.append(
                .init(
                    id: DriftAnalysis.ModelID.growthMinutes, formula: "log(abs_drift_deg) ~ log(minutes)",
                    fit: nil, note: "needs at least 3 distinct walk durations, the log has \(Set(rows.map { minutes[$0] }).count)"))
        }
        self.models = models

        // The drift study's machinery: one cell per distinct walk (duration, and the logged turning when present).
        let (keys, cells) = Self.cells(log, profile: profile, straight: straight)
        let logged = keys.filter(\.hasTurning).count
        let shape = straight ? "straight (0 turns)" : "loop (4 turns, 360° net rotation)"
        walkShape =
            logged == keys.count
            ? "own-turning (each walk's logged total and net rotation)"
            : logged > 0 ? "own-turning where logged, else \(shape)," : shape
        let scenario = DriftScenario(
            name: "walks", description: "", file: log.file, seed: seed, trialsPerCell: trials,
            sameDevice: false, cells: cells, tracker: HeadingTracker.Configuration(),
            straightAheadToleranceDegrees: 5)
        let outcomes = try DriftStudy.simulate(scenario, runner: runner)
        var byCell = Array(repeating: [Double](), count: cells.count)
        for o in outcomes { byCell[o.cellIndex].append(abs(o.driftRadians) * 180 / .pi) }
        predictions = try cells.map { cell in
            let sorted = byCell[cell.index].sorted()
            let summary = try Descriptive.summary(sorted)
            return Prediction(
                key: keys[cell.index], walk: cell.walk, trials: sorted.count, medianAbsDriftDeg: summary.median,
                bandLowDeg: try Descriptive.quantile(sorted: sorted, probability: 0.025),
                bandHighDeg: try Descriptive.quantile(sorted: sorted, probability: 0.975),
                rmsDriftDeg: summary.rms, sortedAbsDriftDeg: sorted)
        }
        var above = 0, below = 0
        for e in log.entries {
            guard let p = predictions.first(where: { $0.key == WalkKey(e) }) else { continue }
            if abs(e.driftDegrees) > p.bandHighDeg { above += 1 }
            if abs(e.driftDegrees) < p.bandLowDeg { below += 1 }
        }
        aboveBand = above
        belowBand = below

        // The two tests on the log's walks, each against its own walk's prediction.
        let keyIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
        let paired = log.entries.compactMap { e in keyIndex[WalkKey(e)].map { (abs(e.driftDegrees), cells[$0]) } }
        let entryCells = paired.map(\.1)
        let predicted = predictions
        let entryPredictions = entryCells.map { predicted[$0.index] }
        let observed = Comparison(absDriftDeg: paired.map(\.0), predictions: entryPredictions)
        percentiles = observed.percentiles
        andersonDarling = observed.andersonDarling
        aboveMedian = observed.aboveMedian
        signTestPValue = observed.signTestPValue

        // Calibrated for one phone: `trials` (at least 199) logs of the same walks, one phone drawn per log.
        let perLog = entryCells.count
        let nullLeast = try runner.run(count: max(trials, Self.minimumCalibrationLogs)) { r -> Double in
            let base = Self.calibrationFirstTrial + r * (perLog + 1)
            let phone = GyroDevice.draw(
                from: profile, stream: try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(base))))
            var drifts: [Double] = []
            drifts.reserveCapacity(perLog)
            for (i, cell) in entryCells.enumerated() {
                let o = try DriftTrial.run(
                    cell: cell, trialInCell: r, globalIndex: base + 1 + i, scenario: scenario, sharedDevice: phone)
                drifts.append(abs(o.driftRadians) * 180 / .pi)
            }
            return Comparison(absDriftDeg: drifts, predictions: entryPredictions).leastPValue
        }
        calibrationLogs = nullLeast.count
        let atMost = nullLeast.filter { $0 <= observed.leastPValue }.count
        calibratedPValue = Double(1 + atMost) / Double(1 + nullLeast.count)
        gap = calibratedPValue < 0.05 ? Self.gap(log: log, predictions: predictions, straight: straight) : nil

        // Time or turning: from the walks' own turning; a plan whenever the walks do not answer it.
        var answer: TimeOrTurning?
        var problem: String?
        if log.hasTurns {
            do {
                answer = try TimeOrTurning(
                    minutes: log.entries.map(\.minutes), turnedDegrees: log.entries.map { $0.turnedDegrees ?? 0 },
                    driftDegrees: log.entries.map(\.driftDegrees))
            } catch {
                problem =
                    "\(error); they need several walks of different durations and different amounts of turning that do "
                    + "not rise together"
            }
        }
        timeOrTurning = answer
        timeOrTurningProblem = problem
        plan =
            answer?.verdict.answered == true ? nil : try WalkingPlan.make(model: PhoneDriftModel(profile: profile), seed: seed)

        // A device profile's unmeasured terms, each re-simulated at the class profile's value.
        var effects: [UnmeasuredEffect] = []
        if profile.kind == .device, let longest = predictions.last {
            let fields = GyroProfile.deviceFixedFields + ["noiseDensityDegPerSecPerRootHz", "biasInstabilityDegPerHour"]
            for field in fields where profile.measurements[field]?.value == nil {
                guard let classValue = profile.classValues[field], classValue > 0 else { continue }
                var changed = profile
                if GyroProfile.deviceFixedFields.contains(field) {
                    changed.measurements[field] = GyroMeasurement(value: 0, standardError: classValue, source: "class spread")
                } else if field == "noiseDensityDegPerSecPerRootHz" {
                    changed.noiseDensityDegPerSecPerRootHz = classValue
                } else {
                    changed.biasInstabilityDegPerHour = classValue
                    changed.biasCorrelationTimeSeconds = profile.classValues["biasCorrelationTimeSeconds"] ?? 100
                }
                let cell = DriftCell(index: 0, profile: changed, input: .rotationRate, tiltDegrees: 0, walk: longest.walk)
                let one = DriftScenario(
                    name: "walks", description: "", file: log.file, seed: seed, trialsPerCell: trials, sameDevice: false,
                    cells: [cell], tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
                let drifts = try DriftStudy.simulate(one, runner: runner).map { abs($0.driftRadians) * 180 / .pi }
                effects.append(
                    UnmeasuredEffect(
                        field: field, classValue: classValue, minutes: longest.minutes, rmsWithoutDeg: longest.rmsDriftDeg,
                        rmsWithDeg: try Descriptive.summary(drifts).rms))
            }
        }
        unmeasured = effects
    }

    /// The candidate error that best explains the walks' excess mean square (``Gap``).
    static func gap(log: DriftLog, predictions: [Prediction], straight: Bool) -> Gap? {
        var excess: [Double] = [], seconds: [Double] = [], turned: [Double] = []
        for e in log.entries {
            guard let p = predictions.first(where: { $0.key == WalkKey(e) }) else { continue }
            excess.append(e.driftDegrees * e.driftDegrees - p.rmsDriftDeg * p.rmsDriftDeg)
            seconds.append(e.minutes * 60)
            turned.append(e.turnedDegrees ?? (straight ? 0 : 360))
        }
        guard !excess.isEmpty else { return nil }
        let worse = excess.reduce(0, +) > 0
        func n3(_ x: Double) -> String { (try? Format.number(x, significantDigits: 3)) ?? "?" }
        let candidates: [(String, [Double], (Double) -> String)] = [
            ("a larger bias", seconds.map { $0 * $0 }, { "about \(n3($0.squareRoot())) °/s" }),
            (
                "more in-run noise (white noise or bias instability)", seconds,
                { "about \(n3($0.squareRoot())) °/√s of angle random walk" }
            ),
            ("a larger turning error (scale factor)", turned.map { $0 * $0 }, { "about \(n3(100 * $0.squareRoot()))% of scale factor" }),
        ]
        var best: (rss: Double, gap: Gap)?
        for (name, g, size) in candidates {
            let gg = g.reduce(0) { $0 + $1 * $1 }
            guard gg > 0 else { continue }
            // A gap of the walks' sign: c > 0 for walks that drift more, c < 0 for less.
            let c = zip(excess, g).reduce(0) { $0 + $1.0 * $1.1 } / gg
            guard (c > 0) == worse else { continue }
            let rss = zip(excess, g).reduce(0) { $0 + ($1.0 - c * $1.1) * ($1.0 - c * $1.1) }
            if best.map({ rss < $0.rss }) ?? true {
                best = (
                    rss,
                    Gap(
                        worse: worse,
                        error: worse
                            ? name
                            : name.replacingOccurrences(of: "larger", with: "smaller")
                                .replacingOccurrences(of: "more in-run", with: "less in-run"),
                        size: size(abs(c)) + (worse ? " more" : " less"))
                )
            }
        }
        return best?.gap
    }
}
