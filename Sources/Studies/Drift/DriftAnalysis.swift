import Foundation
import Stats
import Synchronization

/// The statistics of a drift study: per-cell summaries, the regressions and the growth exponents.
package struct DriftAnalysis: Sendable {
    /// Summary of one cell's trials. Angles in degrees.
    package struct CellSummary: Sendable {
        package let cell: DriftCell
        package let count: Int
        /// Mean and sample SD of the signed drift.
        package let meanDriftDeg: Double
        package let sdDriftDeg: Double
        /// Root mean square of the drift (= of |drift|), with a 95% interval valid whatever the drift's mean and
        /// distribution: the square root of the log-scale studentized bootstrap interval of the mean of drift² over
        /// the cell's trials (``Bootstrap/meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)``: studentized
        /// from 20 trials on, BCa below; 2000 replicates, seeded per cell), joined, where the gyro model makes the
        /// cell's drift Gaussian with mean 0 (``rmsDriftIsZeroMeanGaussian(_:_:)``), with the exact χ²ₙ interval. The
        /// BCa interval the studentized one replaced covered 89.8% at 20 walks per cell on the shipped design, the
        /// studentized one 93.6% (docs/drift.md part r); the union, docs/drift.md part t.
        package let rmsDriftDeg: Double
        package let rmsInterval: ConfidenceInterval
        package let medianAbsDriftDeg: Double
        package let p95AbsDriftDeg: Double
        /// Fraction of walks whose arrow points more than 90° away from the mark (the user would walk off).
        package let arrowBeyond90Fraction: Double
        /// The trials' signed drifts, degrees, in trial order (of a capped cell, its first walks only).
        let driftsDeg: [Double]
        /// Running sums of the signed drift's powers (degrees), over every trial of the cell.
        let moments: DriftMoments
        /// Whether the cell has more walks than were kept (``DriftAnalysis/keptWalksPerCell``): its RMS interval is
        /// then the large-sample one (``DriftMoments/meanSquareInterval()``).
        let isCapped: Bool
    }

    /// A regression that was fitted, or the reason it could not be.
    package struct Model: Sendable {
        package let id: String
        package let formula: String
        package let fit: LinearModelFit?
        package let note: String?
        /// Whether the coefficients' intervals are the HC3 t interval joined with the log|Z| pivot's
        /// (``DriftAnalysis/joinsLogGaussianPivot(_:_:)``), not the t interval alone.
        package let joinsLogGaussianPivot: Bool

        package init(id: String, formula: String, fit: LinearModelFit?, note: String?, joinsLogGaussianPivot: Bool = false) {
            self.id = id
            self.formula = formula
            self.fit = fit
            self.note = note
            self.joinsLogGaussianPivot = joinsLogGaussianPivot
        }
    }

    package let cells: [CellSummary]
    package let models: [Model]
    /// The error-budget fit, one per gyro profile of the grid (in grid order); none for a profile whose walks do
    /// not drift beyond rounding (|drift| ≤ 10⁻⁹ rad).
    package let decompositions: [DriftDecomposition]

    /// Bootstrap replicates of each per-cell RMS interval.
    package static let rmsReplicates = 2000
    /// The fewest walks per cell at which the bootstrap interval alone (the per-cell RMS interval of a cell outside
    /// ``rmsDriftIsZeroMeanGaussian(_:_:)``) was measured to cover its nominal 95%: 94.8% (94.6–95.0%) at 100 walks
    /// per cell, 93.6% (93.4–93.8%) at 20, on Gaussian drift (docs/drift.md parts r and s). No nonparametric repair
    /// tried reached 95% at 20 walks (part s), so a report with fewer walks and such cells says so
    /// (``rmsCoverageNote(trialsPerCell:unionCells:cells:)``). Cells inside it take the union with the χ²ₙ interval,
    /// which covered 96.9% (96.7–97.0%) at 20 walks a cell and 96.1% at 100 and at 10 (part t), and needs no such note
    /// from 20 walks on.
    package static let rmsNominalMinimumTrials = 100

    /// The clause the RMS method sentence adds, after "valid whatever the drift's mean and shape", when some cells
    /// (`unionCells` of `cells`) take the union with the exact χ²ₙ interval (``rmsDriftIsZeroMeanGaussian(_:_:)``), and
    /// that the charts' pooled points do not; empty when none does.
    package static func rmsUnionClause(unionCells: Int, cells: Int) -> String {
        guard unionCells > 0 else { return "" }
        let which = unionCells == cells ? "every cell here" : "\(unionCells) of the \(cells) cells here"
        return ", joined (the lower of the two lows, the higher of the two highs) with the exact χ² interval "
            + "n·m/χ²ₙ(0.975) to n·m/χ²ₙ(0.025) of n walks' mean square m where the gyro model makes every walk's drift "
            + "Gaussian with mean 0 (a fresh phone of a class profile each walk, planned turns, no tilt under-read: "
            + "\(which)), so that there it covers at least 95% whatever the number of walks (96.9% of cells at 20 walks "
            + "a cell, docs/drift.md part t); a chart point that pools cells of different spread keeps the bootstrap interval alone"
    }

    /// The sentence a report adds after its RMS method where what was measured falls short of 95% or was measured at
    /// one size only, with the coverage measured (docs/drift.md parts r, s and t: `sensorbench dev drift-coverage 1000
    /// N --report-intervals` for N = 10, 20, 100); `nil` when every cell takes the union (``rmsDriftIsZeroMeanGaussian(_:_:)``)
    /// from ``Bootstrap/studentizedMinimumCount`` walks on, and from ``rmsNominalMinimumTrials`` walks on whatever the
    /// cells. Below ``Bootstrap/studentizedMinimumCount`` walks the bootstrap part is BCa, measured at 10 walks only.
    ///
    /// - Parameters:
    ///   - n: walks per cell.
    ///   - unionCells: how many cells take the union with the χ²ₙ interval.
    ///   - cells: how many cells the report has.
    package static func rmsCoverageNote(trialsPerCell n: Int, unionCells: Int, cells: Int) -> String? {
        let aloneCells = cells - unionCells
        if n >= Bootstrap.studentizedMinimumCount {
            guard n < rmsNominalMinimumTrials, aloneCells > 0 else { return nil }
            let which = unionCells == 0 ? "these intervals are" : "the other cells' intervals (the bootstrap's alone) are"
            return " With fewer than \(rmsNominalMinimumTrials) walks a cell \(which) somewhat too narrow: on Gaussian drift "
                + "the bootstrap interval alone covered 93.6% of cells at 20 walks a cell and 94.8% at \(rmsNominalMinimumTrials) "
                + "(docs/drift.md, parts r and s)."
        }
        let few = " With fewer than \(Bootstrap.studentizedMinimumCount) walks a cell"
        guard unionCells > 0 else {
            return few + " these BCa intervals are too narrow: on Gaussian drift of mean 0 they covered 85.6% of cells at 10 "
                + "walks a cell and 89.8% at 20 (docs/drift.md, parts r and t)."
        }
        return few + " the bootstrap part is the BCa interval: the union covered 96.1% of cells at 10 walks a cell (docs/drift.md "
            + "part t; not measured below 10)"
            + (aloneCells > 0
                ? "; the other cells' BCa interval alone is too narrow (on Gaussian drift of mean 0 it covered 85.6% at 10 walks "
                    + "a cell and 89.8% at 20)."
                : ".")
    }

    /// Whether the gyro model makes every walk's drift in `cell` Gaussian with mean 0 and one variance, so that the
    /// cell's RMS interval may join the exact χ²ₙ interval (``Bootstrap/meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)``).
    ///
    /// Every term of a walk's drift is then a zero-mean Gaussian (docs/drift.md, "Decomposition"): a fresh phone each
    /// walk (not `sameDevice`, whose fixed errors are the cell's mean) drawn from a class profile (a device
    /// profile's draws centre on its measured values); a walk whose rotations are planned, not drawn (not `random`,
    /// whose rotations vary from walk to walk, so its drift is a mixture of variances, kurtosis up to 8.2 in
    /// drift-scale-factor); and no tilt under-read, (c − 1)·θ_net (attitude yaw, or the z rate held level). The
    /// shipped tilted z-rate cells show it: their loops' mean drift is 20–390 standard errors from 0, and even their
    /// zigzags' (θ_net = 0) up to 3.5. There the χ²ₙ interval assumes what is false and would only widen the
    /// interval (up to 28 times at a 45° tilted loop), so those cells keep the bootstrap interval alone.
    package static func rmsDriftIsZeroMeanGaussian(_ s: DriftScenario, _ cell: DriftCell) -> Bool {
        !s.sameDevice && cell.profile.kind == .phoneClass && cell.walk.shape != .random
            && (cell.input == .attitudeYaw || cell.tiltDegrees == 0)
    }

    /// The global stream index of cell k's RMS bootstrap: above every trial index (capped at 10⁹) and below the
    /// one-phone stream (period − 1).
    static func rmsStreamIndex(_ cell: Int) -> UInt64 { TrialSeed.period - 2 - UInt64(cell) }

    /// Model ids, as `regression.csv` names them.
    package enum ModelID {
        package static let time = "time"
        package static let turns = "turns"
        package static let timeAndTurns = "time+turns"
        package static let rotation = "rotation"
        package static let signed = "signed"
        package static let growthMinutes = "growth-minutes"
        package static let growthTurns = "growth-turns"
    }

    package func model(_ id: String) -> Model? { models.first { $0.id == id } }

    /// Computes everything from the outcomes, in trial order.
    package init(scenario: DriftScenario, outcomes: [DriftOutcome]) throws {
        let degrees = 180 / Double.pi
        var byCell = Array(repeating: [Double](), count: scenario.cells.count)
        var beyond90 = Array(repeating: 0, count: scenario.cells.count)
        for o in outcomes {
            byCell[o.cellIndex].append(o.driftRadians * degrees)
            if abs(o.arrowTurnRadians) > .pi / 2 { beyond90[o.cellIndex] += 1 }
        }
        cells = try scenario.cells.map { cell in
            try DriftAnalysis.summary(scenario, cell, drifts: byCell[cell.index], beyond90: beyond90[cell.index])
        }

        models = DriftAnalysis.models(scenario, outcomes: outcomes).map(\.model)
        decompositions = try DriftAnalysis.decompositions(scenario, outcomes: outcomes)
    }

    /// The report's regressions fitted to the outcomes (OLS, HC3 errors), each with its spec (which trials and
    /// columns it reads).
    static func models(_ scenario: DriftScenario, outcomes: [DriftOutcome]) -> [(spec: ModelSpec, model: Model)] {
        let degrees = 180 / Double.pi
        var positive = Array(repeating: false, count: scenario.cells.count)
        for o in outcomes where abs(o.driftRadians * degrees) > 0 { positive[o.cellIndex] = true }
        return DriftAnalysis.modelSpecs(scenario, positiveCells: positive).map { spec in
            var response: [Double] = []
            var columns = Array(repeating: [Double](), count: spec.terms.count)
            for o in outcomes where spec.includes(o) {
                let c = scenario.cells[o.cellIndex]
                response.append(spec.response.value(o, c))
                for (j, t) in spec.terms.enumerated() { columns[j].append(t.column.value(o, c)) }
            }
            let joins = DriftAnalysis.joinsLogGaussianPivot(scenario, spec)
            let model = spec.fit(joinsLogGaussianPivot: joins) {
                let terms = zip(spec.terms, columns).map { RegressionTerm(name: $0.name, values: $1) }
                let fit = try LinearModel.fit(response: response, terms: terms, covariance: .hc3)
                guard joins else { return fit }
                return try fit.joiningStudentizedQuantiles(try GrowthPivot.quantiles(terms))
            }
            return (spec, model)
        }
    }

    /// Whether a regression's intervals join the HC3 t interval with the log|Z| pivot's
    /// (``LinearModel/logAbsGaussianTQuantiles(terms:replicates:stream:confidenceLevel:)``): a growth model (log|drift|)
    /// every cell of which the gyro model makes Gaussian with mean 0 (``rmsDriftIsZeroMeanGaussian(_:_:)``), so that
    /// each walk's log|drift| is log σ(cell) + log|Z|. The t interval alone covered the growth intercepts 94.3%
    /// (93.9–94.7%) at 20 walks a cell (docs/drift.md part r): log|Z| is left-skewed, which skews the t statistic where
    /// few walks carry a coefficient. Elsewhere (one phone, random walks, tilted z-rate cells) log|drift| has no such
    /// fixed law, and the t interval stands alone; so does every fit of a capped report (``DriftStream``), beyond 4096
    /// walks a cell.
    static func joinsLogGaussianPivot(_ s: DriftScenario, _ spec: ModelSpec) -> Bool {
        guard spec.response == .logAbsDrift, let cells = spec.cells, !cells.isEmpty else { return false }
        return cells.allSatisfy { rmsDriftIsZeroMeanGaussian(s, s.cells[$0]) }
    }

    /// The log|Z| pivot's quantiles of a design, computed once per design in a process: they depend on the design
    /// alone (the terms' values, row by row), never on the drifts, so a fixed stream and a fixed number of draws make
    /// them a function of the design, the same in every report and every thread.
    enum GrowthPivot {
        /// Draws of the errors: the type-6 2.5% quantile of 20 000 draws has a standard error of about 0.02 in t
        /// units, 1% of the interval's half-width.
        static let replicates = 20_000
        /// The draws' stream: one fixed seed (the pivot is the design's, not the data's).
        static let seed = TrialSeed(scenarioSeed: 0x6C6F_675A, trialIndex: 0)
        private static let cache = Mutex<[[[Double]]: [Pair]]>([:])
        struct Pair: Sendable {
            let low: Double
            let high: Double
        }

        static func quantiles(_ terms: [RegressionTerm]) throws -> [(low: Double, high: Double)] {
            let key = terms.map(\.values)
            if let known = cache.withLock({ $0[key] }) { return known.map { ($0.low, $0.high) } }
            let q = try LinearModel.logAbsGaussianTQuantiles(
                terms: terms, replicates: replicates, stream: try RandomStream(seed: seed))
            cache.withLock { $0[key] = q.map { Pair(low: $0.low, high: $0.high) } }
            return q
        }
    }

    /// An analysis whose parts were computed elsewhere (the streamed reduction, ``DriftStream``).
    init(cells: [CellSummary], models: [Model], decompositions: [DriftDecomposition], keptWalksPerCell: Int?) {
        self.cells = cells
        self.models = models
        self.decompositions = decompositions
        self.keptWalksPerCell = keptWalksPerCell
    }

    /// When the error budget was fitted on the first walks of each cell only (a cell had more than this many),
    /// the cap; `nil` when every figure uses every walk.
    package private(set) var keptWalksPerCell: Int? = nil

    /// One cell's summary from its signed drifts (degrees, in trial order), as GSL computes it on the whole cell:
    /// mean, SD, RMS, median and 95th percentile of |drift|, the studentized bootstrap interval of the RMS.
    static func summary(_ scenario: DriftScenario, _ cell: DriftCell, drifts drift: [Double], beyond90: Int) throws -> CellSummary {
        let signed = try Descriptive.summary(drift)
        let absolute = try Descriptive.summary(drift.map(abs))
        let n = Double(drift.count)
        let interval: ConfidenceInterval
        if drift.count >= 2 {
            let stream = try RandomStream(
                seed: TrialSeed(scenarioSeed: scenario.seed, trialIndex: DriftAnalysis.rmsStreamIndex(cell.index)))
            let ms = try Bootstrap.meanSquareInterval(
                drift.map { $0 * $0 }, replicates: DriftAnalysis.rmsReplicates, stream: stream,
                zeroMeanGaussian: rmsDriftIsZeroMeanGaussian(scenario, cell))
            interval = ConfidenceInterval(low: max(ms.low, 0).squareRoot(), high: max(ms.high, 0).squareRoot())
        } else {
            interval = ConfidenceInterval(low: signed.rms, high: signed.rms)
        }
        var moments = DriftMoments()
        for x in drift { moments.add(x) }
        return CellSummary(
            cell: cell, count: drift.count, meanDriftDeg: signed.mean,
            sdDriftDeg: signed.standardDeviation, rmsDriftDeg: signed.rms, rmsInterval: interval,
            medianAbsDriftDeg: absolute.median, p95AbsDriftDeg: absolute.p95,
            arrowBeyond90Fraction: Double(beyond90) / n, driftsDeg: drift, moments: moments, isCapped: false)
    }

    /// A value of a trial that a regression reads.
    enum Column {
        case absDrift, drift, logAbsDrift, minutes, turns, absNet, signedNet, total, logMinutes, logTurns

        /// The value, by the same expression for the in-memory and the streamed fits.
        @inline(__always)
        func value(_ o: DriftOutcome, _ c: DriftCell) -> Double {
            let degrees = 180 / Double.pi
            switch self {
            case .absDrift: return abs(o.driftRadians * degrees)
            case .drift: return o.driftRadians * degrees
            case .logAbsDrift: return log(abs(o.driftRadians * degrees))
            case .minutes: return c.walk.minutes
            case .turns: return Double(c.walk.turns)
            case .absNet: return abs(o.netRotationRadians * degrees)
            case .signedNet: return o.netRotationRadians * degrees
            case .total: return o.totalRotationRadians * degrees
            case .logMinutes: return log(c.walk.minutes)
            case .logTurns: return log(Double(c.walk.turns))
            }
        }
    }

    /// One regression of the report: which trials (all, or the walks of some cells that drift at all), the
    /// response and the terms.
    struct ModelSpec {
        let id: String
        let formula: String
        /// The cells whose trials enter; `nil` for every trial.
        let cells: Set<Int>?
        let response: Column
        let terms: [(name: String, column: Column)]

        func includes(_ o: DriftOutcome) -> Bool {
            guard let cells else { return true }
            return cells.contains(o.cellIndex) && abs(o.driftRadians * (180 / Double.pi)) > 0
        }

        /// The model, or the reason it could not be fitted.
        func fit(joinsLogGaussianPivot joins: Bool = false, _ body: () throws -> LinearModelFit) -> Model {
            do {
                return Model(id: id, formula: formula, fit: try body(), note: nil, joinsLogGaussianPivot: joins)
            } catch {
                return Model(id: id, formula: formula, fit: nil, note: "not estimable: \(error)")
            }
        }
    }

    /// The report's regressions, in order. `positiveCells[k]`: whether any trial of cell k drifts (|drift| > 0),
    /// which decides the growth models' groups.
    static func modelSpecs(_ scenario: DriftScenario, positiveCells: [Bool]) -> [ModelSpec] {
        var specs: [ModelSpec] = [
            ModelSpec(
                id: ModelID.time, formula: "abs_drift_deg ~ minutes", cells: nil, response: .absDrift, terms: [("minutes", .minutes)]),
            ModelSpec(id: ModelID.turns, formula: "abs_drift_deg ~ turns", cells: nil, response: .absDrift, terms: [("turns", .turns)]),
            ModelSpec(
                id: ModelID.timeAndTurns, formula: "abs_drift_deg ~ minutes + turns", cells: nil, response: .absDrift,
                terms: [("minutes", .minutes), ("turns", .turns)]),
            ModelSpec(
                id: ModelID.rotation, formula: "abs_drift_deg ~ minutes + abs_net_rotation_deg + total_rotation_deg", cells: nil,
                response: .absDrift, terms: [("minutes", .minutes), ("abs_net_rotation_deg", .absNet), ("total_rotation_deg", .total)]),
            ModelSpec(
                id: ModelID.signed, formula: "drift_deg ~ minutes + net_rotation_deg", cells: nil, response: .drift,
                terms: [("minutes", .minutes), ("net_rotation_deg", .signedNet)]),
        ]

        // Growth exponents: log|drift| = log c + k·log(minutes) + log|Z| when drift = c·T^k·Z, so the OLS slope
        // estimates k. Only comparable walks share an exponent: walks that differ in nothing but duration (every
        // straight walk of a profile is alike whatever its tilt, input or shape; walks that turn are grouped by
        // profile, input, tilt, shape and turn count). The turn exponent compares turn counts within one shape,
        // tilt and input. Only walks that drift at all (|drift| > 0) enter; a group is named by its first cell.
        let varyingFactors = DriftReport.varying(scenario)
        func label(_ c: DriftCell, leaving: [DriftReport.Factor]) -> String {
            varyingFactors.filter { !leaving.contains($0) }.map { $0.value(c) }.joined(separator: ", ")
        }
        func groups(_ cells: [DriftCell], key: (DriftCell) -> String) -> [(key: String, cells: [DriftCell])] {
            var order: [String] = []
            var members: [String: [DriftCell]] = [:]
            for c in cells {
                let k = key(c)
                if members[k] == nil { order.append(k) }
                members[k, default: []].append(c)
            }
            return order.map { ($0, members[$0] ?? []) }
        }
        let positive = scenario.cells.filter { positiveCells[$0.index] }
        let straight = positive.filter { $0.walk.turns == 0 }
        for g in groups(straight, key: { $0.profile.name }) where Set(g.cells.map(\.walk.minutes)).count > 1 {
            let multipleProfiles = varyingFactors.contains(.profile)
            specs.append(
                ModelSpec(
                    id: ModelID.growthMinutes + (multipleProfiles ? " (\(g.key), straight)" : " (straight)"),
                    formula: "log(abs_drift_deg) ~ log(minutes), straight walks", cells: Set(g.cells.map(\.index)),
                    response: .logAbsDrift, terms: [("log_minutes", .logMinutes)]))
        }
        let turning = positive.filter { $0.walk.turns > 0 }
        for g in groups(turning, key: { label($0, leaving: [.minutes]) }) where Set(g.cells.map(\.walk.minutes)).count > 1 {
            let name = g.key.isEmpty ? "walks with turns" : g.key
            specs.append(
                ModelSpec(
                    id: ModelID.growthMinutes + " (\(name))", formula: "log(abs_drift_deg) ~ log(minutes), \(name)",
                    cells: Set(g.cells.map(\.index)), response: .logAbsDrift, terms: [("log_minutes", .logMinutes)]))
        }
        // Controls for time when durations vary among those walks, so the turn exponent is not time's in disguise.
        for g in groups(turning, key: { label($0, leaving: [.minutes, .turns]) }) where Set(g.cells.map(\.walk.turns)).count > 1 {
            let name = g.key.isEmpty ? "walks with turns" : g.key
            let timeVaries = Set(g.cells.map(\.walk.minutes)).count > 1
            specs.append(
                ModelSpec(
                    id: ModelID.growthTurns + " (\(name))",
                    formula: timeVaries
                        ? "log(abs_drift_deg) ~ log(turns) + log(minutes), \(name)" : "log(abs_drift_deg) ~ log(turns), \(name)",
                    cells: Set(g.cells.map(\.index)), response: .logAbsDrift,
                    terms: [("log_turns", .logTurns)] + (timeVaries ? [("log_minutes", .logMinutes)] : [])))
        }
        return specs
    }

    /// The error budget of each profile, from `outcomes` (every trial, or the first walks of each cell).
    static func decompositions(_ scenario: DriftScenario, outcomes: [DriftOutcome]) throws -> [DriftDecomposition] {
        var profileNames: [String] = []
        for c in scenario.cells where !profileNames.contains(c.profile.name) { profileNames.append(c.profile.name) }
        var decompositions: [DriftDecomposition] = []
        for name in profileNames {
            let mine = outcomes.filter { scenario.cells[$0.cellIndex].profile.name == name }
            // Below 10⁻⁹ rad (6·10⁻⁸ °) drift is the rounding of the integration, not an error to decompose.
            guard mine.contains(where: { abs($0.driftRadians) > 1e-9 }),
                let profile = scenario.cells.first(where: { $0.profile.name == name })?.profile
            else { continue }
            let device =
                scenario.sameDevice ? try DriftTrial.sharedDevice(scenarioSeed: scenario.seed, profile: profile) : nil
            decompositions.append(
                try DriftDecomposition(scenario: scenario, profileName: name, outcomes: outcomes, device: device))
        }
        return decompositions
    }
}
