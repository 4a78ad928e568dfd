import Foundation
import MonteCarlo
import Reporting
import SensorSim
import Stats

extension DriftCoverage {
    /// Coverage of the intervals the drift report prints outside its error budget: each cell's RMS drift
    /// (``DriftAnalysis/CellSummary/rmsInterval``) and the regressions' HC3 coefficient intervals
    /// (``DriftAnalysis/Model``), over replications of one design, each replication's intervals computed by the
    /// report's own code.
    ///
    /// The truths:
    /// - a cell's RMS drift from the closed form of the gyro model, E[drift²] = σ_b²T² + v(T) + σ_s²θ_net² +
    ///   σ_a²(θ_total/2)² (a fresh phone each walk, no tilt; v(T) is ``DriftDecomposition/inRunVariance(_:seconds:)``,
    ///   T rounded to whole samples), so that nothing estimated enters it; ``meanSquareCheck`` holds the pooled
    ///   observed mean square beside it;
    /// - a regression coefficient has no closed form the report's fit estimates (|drift| and log|drift| of a mixture
    ///   of cells), so its truth is the design's population least-squares coefficient, estimated leave-one-out: the
    ///   coefficient fitted to every other replication pooled (from their summed normal equations), as
    ///   `GeofenceIntervalCoverage` does. Its own error is about 1/√(R − 1) of one replication's, which widens
    ///   the spread a covering interval must span by a factor √(1 + 1/(R − 1)).
    package struct ReportIntervals: Sendable {
        /// The reported RMS interval against the closed-form RMS, by cell (``cellLabel(_:)``).
        package var rmsByCell: [String: Count] = [:]
        /// The same counts added up by kind of cell: `straight`, `loops`, `zigzags`.
        package var rmsByKind: [String: Count] = [:]
        /// The bootstrap interval alone (``Bootstrap/meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)`` without
        /// the χ²ₙ part: log studentized, BCa below 20 walks), which the report printed before the union (docs/drift.md
        /// part t), of the same drifts with the same stream, with the same keys, for comparison.
        package var bootstrapAloneByCell: [String: Count] = [:]
        package var bootstrapAloneByKind: [String: Count] = [:]
        /// By kind: the observed drift² summed over every walk of every replication, and the closed-form mean
        /// square summed over the same walks (°²): their ratio should be 1 within sampling error.
        package var meanSquareCheck: [String: (observed: Double, closedForm: Double)] = [:]
        /// Per replication, each coefficient's reported interval and estimate, keyed `model id: term`.
        var coefficients: [[String: (interval: ConfidenceInterval, estimate: Double)]] = []
        /// Per replication, the HC3 t interval alone (b ± t₍0.975, n−p₎·SE) of the coefficients whose reported interval
        /// joins it with the log|Z| pivot's (``DriftAnalysis/joinsLogGaussianPivot(_:_:)``): what the report printed
        /// before (docs/drift.md part u), keyed as ``coefficients``.
        var tAloneCoefficients: [[String: (interval: ConfidenceInterval, estimate: Double)]] = []
        /// Per replication and model id: the normal equations X'X and X'y of its rows (intercept first).
        var normalEquations: [[String: (xtx: [[Double]], xty: [Double], names: [String])]] = []

        package init() {}

        /// A cell's label: `loop, 4 turns, 5 min`.
        package static func cellLabel(_ c: DriftCell) -> String {
            "\(c.walk.shape.rawValue), \(c.walk.turns) turns, \(Format.exact(c.walk.minutes)) min"
        }

        /// A cell's kind: `straight` (no turns, whatever the shape), `loops` or `zigzags`.
        package static func kind(_ c: DriftCell) -> String {
            c.walk.turns == 0 ? "straight" : (c.walk.shape == .loop ? "loops" : "zigzags")
        }

        /// The closed-form RMS drift of a cell (degrees) for a fresh phone each walk, no tilt, from the profile and
        /// the walk's planned net and total rotation (radians).
        package static func trueRMSDeg(_ p: GyroProfile, minutes: Double, netRadians net: Double, totalRadians total: Double)
            -> Double
        {
            let bias = p.turnOnBiasDegPerSec * .pi / 180
            let scale = p.scaleFactorErrorPercent / 100
            let asymmetry = p.scaleFactorAsymmetryPercent / 100
            let seconds = (minutes * 60 * p.sampleRateHz).rounded() / p.sampleRateHz
            let time: Double = bias * bias * seconds * seconds + DriftDecomposition.inRunVariance(p, seconds: seconds)
            let turning: Double = scale * scale * net * net + asymmetry * asymmetry * (total / 2) * (total / 2)
            return (time + turning).squareRoot() * 180 / Double.pi
        }

        /// One phone's E[drift²] in a cell (degrees²) given its fixed errors: the squared mean drift
        /// (b·T + s·θ_net + (a/2)·θ_total, untilted z rate, the walk's own net and total rotation in degrees) plus the
        /// profile's in-run variance v(T) (``DriftDecomposition/inRunVariance(_:seconds:)``), T rounded to whole
        /// samples, as ``trueRMSDeg(_:minutes:netRadians:totalRadians:)``: the decomposition's one-phone model, whose
        /// b, s and a it fits with those signs (docs/drift.md, "Decomposition").
        package static func onePhoneMeanSquare(
            _ p: GyroProfile, phone: DeviceAnswer.Phone, minutes: Double, netRadians net: Double, totalRadians total: Double
        ) -> Double {
            let degrees = 180 / Double.pi
            let seconds = (minutes * 60 * p.sampleRateHz).rounded() / p.sampleRateHz
            let mean = phone.biasDegPerSec * seconds + phone.scaleFactor * net * degrees + phone.asymmetry / 2 * total * degrees
            return mean * mean + DriftDecomposition.inRunVariance(p, seconds: seconds) * degrees * degrees
        }

        /// Counts one replication of one phone: every cell's RMS interval against ``onePhoneMeanSquare(_:phone:minutes:netRadians:totalRadians:)``
        /// averaged over the cell's walks (planned turns: one value).
        mutating func addOnePhone(scenario s: DriftScenario, outcomes: [DriftOutcome], phone: DeviceAnswer.Phone) throws {
            let degrees = 180 / Double.pi
            var byCell = Array(repeating: [Double](), count: s.cells.count)
            var truthSum = Array(repeating: 0.0, count: s.cells.count)
            for o in outcomes {
                let cell = s.cells[o.cellIndex]
                byCell[o.cellIndex].append(o.driftRadians * degrees)
                truthSum[o.cellIndex] += Self.onePhoneMeanSquare(
                    cell.profile, phone: phone, minutes: cell.walk.minutes, netRadians: o.netRotationRadians,
                    totalRadians: o.totalRotationRadians)
            }
            for cell in s.cells where byCell[cell.index].count >= 2 {
                let n = Double(byCell[cell.index].count)
                let truth = (truthSum[cell.index] / n).squareRoot()
                let summary = try DriftAnalysis.summary(s, cell, drifts: byCell[cell.index], beyond90: 0)
                let label = Self.cellLabel(cell)
                let kind = Self.kind(cell)
                rmsByCell[label, default: Count()].record(summary.rmsInterval, estimate: summary.rmsDriftDeg, truth: truth)
                rmsByKind[kind, default: Count()].record(summary.rmsInterval, estimate: summary.rmsDriftDeg, truth: truth)
                var check = meanSquareCheck[kind] ?? (0, 0)
                check.observed += byCell[cell.index].reduce(0) { $0 + $1 * $1 }
                check.closedForm += truthSum[cell.index]
                meanSquareCheck[kind] = check
            }
        }

        /// Counts one replication: its RMS intervals at once, its coefficients for ``regressionCounts()``.
        mutating func add(scenario s: DriftScenario, outcomes: [DriftOutcome]) throws {
            let degrees = 180 / Double.pi
            var byCell = Array(repeating: [Double](), count: s.cells.count)
            var first: [Int: DriftOutcome] = [:]
            for o in outcomes {
                byCell[o.cellIndex].append(o.driftRadians * degrees)
                if first[o.cellIndex] == nil { first[o.cellIndex] = o }
            }
            for cell in s.cells {
                guard let o = first[cell.index], byCell[cell.index].count >= 2 else { continue }
                let truth = Self.trueRMSDeg(
                    cell.profile, minutes: cell.walk.minutes, netRadians: o.netRotationRadians, totalRadians: o.totalRotationRadians)
                let summary = try DriftAnalysis.summary(s, cell, drifts: byCell[cell.index], beyond90: 0)
                let label = Self.cellLabel(cell)
                let kind = Self.kind(cell)
                rmsByCell[label, default: Count()].record(summary.rmsInterval, estimate: summary.rmsDriftDeg, truth: truth)
                rmsByKind[kind, default: Count()].record(summary.rmsInterval, estimate: summary.rmsDriftDeg, truth: truth)
                let stream = try RandomStream(
                    seed: TrialSeed(scenarioSeed: s.seed, trialIndex: DriftAnalysis.rmsStreamIndex(cell.index)))
                let squares = byCell[cell.index].map { $0 * $0 }
                let ms = try Bootstrap.meanSquareInterval(
                    squares, replicates: DriftAnalysis.rmsReplicates, stream: stream, zeroMeanGaussian: false)
                let alone = ConfidenceInterval(low: max(ms.low, 0).squareRoot(), high: max(ms.high, 0).squareRoot())
                bootstrapAloneByCell[label, default: Count()].record(alone, estimate: summary.rmsDriftDeg, truth: truth)
                bootstrapAloneByKind[kind, default: Count()].record(alone, estimate: summary.rmsDriftDeg, truth: truth)
                var check = meanSquareCheck[kind] ?? (0, 0)
                check.observed += squares.reduce(0, +)
                check.closedForm += Double(squares.count) * truth * truth
                meanSquareCheck[kind] = check
            }
            var intervals: [String: (interval: ConfidenceInterval, estimate: Double)] = [:]
            var tAlone: [String: (interval: ConfidenceInterval, estimate: Double)] = [:]
            var equations: [String: (xtx: [[Double]], xty: [Double], names: [String])] = [:]
            for (spec, model) in DriftAnalysis.models(s, outcomes: outcomes) {
                guard let fit = model.fit else { continue }
                let critical = try StudentT.quantile(0.975, degreesOfFreedom: Double(fit.residualDegreesOfFreedom))
                for c in fit.coefficients {
                    intervals["\(model.id): \(c.name)"] = (ConfidenceInterval(low: c.ciLow, high: c.ciHigh), c.estimate)
                    if model.joinsLogGaussianPivot {
                        let half = critical * c.standardError
                        tAlone["\(model.id): \(c.name)"] = (ConfidenceInterval(low: c.estimate - half, high: c.estimate + half), c.estimate)
                    }
                }
                let p = spec.terms.count + 1
                var xtx = Array(repeating: Array(repeating: 0.0, count: p), count: p)
                var xty = Array(repeating: 0.0, count: p)
                var x = Array(repeating: 1.0, count: p)
                for o in outcomes where spec.includes(o) {
                    let cell = s.cells[o.cellIndex]
                    for (j, t) in spec.terms.enumerated() { x[j + 1] = t.column.value(o, cell) }
                    let y = spec.response.value(o, cell)
                    for a in 0..<p {
                        xty[a] += x[a] * y
                        for b in 0..<p { xtx[a][b] += x[a] * x[b] }
                    }
                }
                equations[model.id] = (xtx, xty, ["intercept"] + spec.terms.map(\.name))
            }
            coefficients.append(intervals)
            tAloneCoefficients.append(tAlone)
            normalEquations.append(equations)
        }

        /// Every coefficient's reported interval against its leave-one-out truth (the coefficient of the other
        /// replications pooled), keyed `model id: term`; empty with fewer than two replications. With `tAlone`, the
        /// HC3 t interval alone of the coefficients whose reported interval joins the log|Z| pivot's.
        package func regressionCounts(tAlone: Bool = false) -> [String: Count] {
            let judged = tAlone ? tAloneCoefficients : coefficients
            guard normalEquations.count >= 2 else { return [:] }
            var totals: [String: (xtx: [[Double]], xty: [Double], names: [String])] = [:]
            for replication in normalEquations {
                for (id, e) in replication {
                    guard var t = totals[id] else {
                        totals[id] = e
                        continue
                    }
                    for a in e.xty.indices {
                        t.xty[a] += e.xty[a]
                        for b in e.xty.indices { t.xtx[a][b] += e.xtx[a][b] }
                    }
                    totals[id] = t
                }
            }
            var counts: [String: Count] = [:]
            for (r, replication) in normalEquations.enumerated() {
                for (id, e) in replication {
                    guard var others = totals[id] else { continue }
                    for a in e.xty.indices {
                        others.xty[a] -= e.xty[a]
                        for b in e.xty.indices { others.xtx[a][b] -= e.xtx[a][b] }
                    }
                    guard let beta = Self.solve(others.xtx, others.xty) else { continue }
                    for (j, name) in e.names.enumerated() {
                        guard let reported = judged[r]["\(id): \(name)"] else { continue }
                        counts["\(id): \(name)", default: Count()].record(reported.interval, estimate: reported.estimate, truth: beta[j])
                    }
                }
            }
            return counts
        }

        /// Solves A·x = b by Gaussian elimination with partial pivoting; `nil` when A is singular.
        static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
            var m = a
            var v = b
            let n = v.count
            for k in 0..<n {
                guard let pivot = (k..<n).max(by: { abs(m[$0][k]) < abs(m[$1][k]) }), m[pivot][k] != 0 else { return nil }
                m.swapAt(k, pivot)
                v.swapAt(k, pivot)
                for i in (k + 1)..<n {
                    let f = m[i][k] / m[k][k]
                    for j in k..<n { m[i][j] -= f * m[k][j] }
                    v[i] -= f * v[k]
                }
            }
            var x = Array(repeating: 0.0, count: n)
            for k in stride(from: n - 1, through: 0, by: -1) {
                var s = v[k]
                for j in (k + 1)..<n { s -= m[k][j] * x[j] }
                x[k] = s / m[k][k]
            }
            return x
        }
    }

    /// The shipped design's replications (``shippedDesign(replications:trialsPerCell:bootstrapReplicates:runner:)``'s
    /// scenarios and seeds) with the report's RMS and regression intervals alone, no error-budget fit, so that
    /// many walks per cell stay affordable.
    package static func shippedReportIntervals(replications: Int, trialsPerCell: Int, runner: MonteCarloRunner) throws
        -> ReportIntervals
    {
        try reportIntervals(
            profile: phoneCalibratedAt10Hz(), minutes: [1, 2, 5, 10, 20], turns: [2, 4, 8, 16], trialsPerCell: trialsPerCell,
            replications: replications, seed: 9_140_000, runner: runner)
    }

    /// The per-cell RMS interval of one phone (`sameDevice`, the `drift-one-phone` report's kind of design) against
    /// that phone's own E[drift²]: ``OnePhoneDesign/loopsAndZigzags``'s scenarios and seeds (``onePhoneProfile()``,
    /// straight walks and 16-turn loops and zigzags at 1 and 5 minutes), replication r a new phone. Keys as
    /// ``ReportIntervals/rmsByCell`` and ``ReportIntervals/rmsByKind``; ``ReportIntervals/meanSquareCheck`` holds the
    /// pooled observed mean square beside the closed form; no regressions.
    package static func onePhoneRMSIntervals(replications: Int, trialsPerCell: Int, runner: MonteCarloRunner) throws
        -> ReportIntervals
    {
        let design = OnePhoneDesign.loopsAndZigzags
        let profile = onePhoneProfile()
        var result = ReportIntervals()
        for r in 0..<replications {
            let scenarioSeed = design.seed &+ UInt64(r)
            let s = scenario(
                profile, minutes: [1, 5], turns: [0, design.turns], shapes: design.shapes, trialsPerCell: trialsPerCell,
                seed: scenarioSeed, sameDevice: true)
            let outcomes = try DriftStudy.simulate(s, runner: runner)
            let device = try DriftTrial.sharedDevice(scenarioSeed: scenarioSeed, profile: profile)
            try result.addOnePhone(scenario: s, outcomes: outcomes, phone: phone(device))
        }
        return result
    }

    /// ``ReportIntervals`` over loops and zigzags of `turns` turns and straight walks at each duration, a fresh
    /// phone each walk, replication r seeded with `seed + r` (the scenarios of ``shipped(profile:minutes:turns:trialsPerCell:replications:seed:bootstrapReplicates:runner:)``).
    package static func reportIntervals(
        profile p: GyroProfile, minutes: [Double], turns: [Int], trialsPerCell: Int, replications: Int, seed: UInt64,
        runner: MonteCarloRunner
    ) throws -> ReportIntervals {
        var result = ReportIntervals()
        for r in 0..<replications {
            let s = scenario(
                p, minutes: minutes, turns: [0] + turns, shapes: [.loop, .zigzag], trialsPerCell: trialsPerCell,
                seed: seed &+ UInt64(r), sameDevice: false)
            try result.add(scenario: s, outcomes: try DriftStudy.simulate(s, runner: runner))
        }
        return result
    }

    /// The lines `dev drift-coverage` prints for ``ReportIntervals``: the RMS intervals by kind of cell, pooled and
    /// at the lowest cell, the reported log studentized interval beside the BCa it replaced, then every regression coefficient,
    /// each count with its 95% Wilson interval.
    package static func reportIntervalLines(_ ri: ReportIntervals, design: String, onePhone: Bool = false) throws -> [String] {
        func r3(_ x: Double) -> String { Format.exact((x * 1000).rounded() / 1000) }
        func row(_ name: String, _ count: Count) throws -> String {
            let ci = try Proportion(successes: count.covered, trials: count.reported).wilson(confidence: 0.95)
            return "| \(name) | \(design) | \(count.covered) | \(count.reported) | \(r3(count.rate)) | \(r3(ci.low))–\(r3(ci.high)) |"
        }
        func rmsRow(_ name: String, _ count: Count) throws -> String {
            let width = count.estimated > 0 ? r3(count.widthSum / Double(count.estimated)) : "–"
            return try row(name, count) + " \(count.below) | \(count.above) | \(width) |"
        }
        let header = [
            "| interval | design | covered | judged | coverage | 95% Wilson interval |", "|---|---|---:|---:|---:|---|",
        ]
        var lines = [
            "Per-cell RMS drift (closed-form truth; the cells of one replication share only the seed stream, so each "
                + "cell's count is binomial, the pooled counts are not quite; below / above: intervals wholly below or "
                + "above the truth; mean width in degrees):", "",
            "| interval | design | covered | judged | coverage | 95% Wilson interval | below | above | mean width (°) |",
            "|---|---|---:|---:|---:|---|---:|---:|---:|",
        ]
        let methods =
            onePhone
            ? [("RMS of one phone, as reported (the bootstrap alone: its drift has a mean)", ri.rmsByKind, ri.rmsByCell)]
            : [
                ("RMS, as reported (bootstrap ∪ χ²ₙ where the drift is zero-mean Gaussian)", ri.rmsByKind, ri.rmsByCell),
                ("RMS, bootstrap alone (before)", ri.bootstrapAloneByKind, ri.bootstrapAloneByCell),
            ]
        for (method, byKind, byCell) in methods {
            var pooled = Count()
            for (kind, c) in byKind.sorted(by: { $0.key < $1.key }) {
                lines.append(try rmsRow("\(method), \(kind)", c))
                pooled.add(c)
            }
            lines.append(try rmsRow("\(method), every cell pooled", pooled))
            if let lowest = byCell.min(by: { ($0.value.rate, $0.key) < ($1.value.rate, $1.key) }) {
                lines.append(try rmsRow("\(method), lowest cell: \(lowest.key)", lowest.value))
            }
        }
        lines.append("")
        lines.append(
            "Mean square check (observed Σdrift² over the closed form's, every walk): "
                + ri.meanSquareCheck.sorted(by: { $0.key < $1.key }).map { "\($0.key) \(r3($0.value.observed / $0.value.closedForm))" }
                .joined(separator: ", ") + ".")
        if onePhone {
            lines.append("")
            lines.append("By cell:")
            lines.append("")
            lines.append("| interval | design | covered | judged | coverage | 95% Wilson interval | below | above | mean width (°) |")
            lines.append("|---|---|---:|---:|---:|---|---:|---:|---:|")
            for (cell, c) in ri.rmsByCell.sorted(by: { $0.key < $1.key }) { lines.append(try rmsRow("RMS of one phone, \(cell)", c)) }
            return lines
        }
        lines.append("")
        lines.append("Regression coefficients (HC3, truth: the other replications pooled):")
        lines.append("")
        lines += header
        let reported = ri.regressionCounts()
        for (key, c) in reported.sorted(by: { $0.key < $1.key }) { lines.append(try row(key, c)) }
        // The growth models pooled (disjoint cells within a model kind, so nearly independent counts), as reported and
        // with the t interval alone where the report joins it with the log|Z| pivot's.
        let before = ri.regressionCounts(tAlone: true)
        guard !before.isEmpty else { return lines }
        lines.append("")
        lines.append(
            "Growth models pooled (below / above: intervals wholly below or above the truth; mean width in log units); "
                + "as reported: the t interval joined with the log|Z| pivot's; t alone: what was printed before:")
        lines.append("")
        lines.append("| interval | design | covered | judged | coverage | 95% Wilson interval | below | above | mean width |")
        lines.append("|---|---|---:|---:|---:|---|---:|---:|---:|")
        for (name, intercepts) in [("growth intercepts", true), ("growth exponents", false)] {
            for (method, counts) in [("as reported", reported), ("t alone (before)", before)] {
                var pooled = Count()
                for (key, c) in counts where key.hasPrefix("growth-") && key.hasSuffix(": intercept") == intercepts {
                    pooled.add(c)
                }
                guard pooled.reported > 0 else { continue }
                lines.append(try rmsRow("\(name), \(method)", pooled))
            }
        }
        return lines
    }
}
