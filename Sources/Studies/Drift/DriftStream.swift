import Foundation
import MonteCarlo
import Reporting
import Stats

/// Running sums of a sample's powers, for a cell whose walks are not all kept: mean, SD and RMS of the signed
/// drift, and the large-sample interval of the RMS.
///
/// Each sum is carried in about twice double precision (TwoSum, Knuth TAOCP vol. 2, 4.2.2), and the spreads are
/// summed about the first value (of x and of x²), so neither cancels catastrophically when the mean is large
/// against the SD (one phone's bias repeated on every walk).
struct DriftMoments: Sendable {
    /// A sum with the rounding error of each addition kept.
    typealias Sum = CompensatedSum

    private(set) var count = 0
    private var shift = 0.0
    private var shiftSquare = 0.0
    private var sum = Sum()
    private var deviations = Sum()
    private var deviationSquares = Sum()
    private var squares = Sum()
    private var squareDeviations = Sum()
    private var squareDeviationSquares = Sum()

    mutating func add(_ x: Double) {
        if count == 0 {
            shift = x
            shiftSquare = x * x
        }
        count += 1
        let d = x - shift
        let d2 = x * x - shiftSquare
        sum.add(x)
        deviations.add(d)
        deviationSquares.add(d * d)
        squares.add(x * x)
        squareDeviations.add(d2)
        squareDeviationSquares.add(d2 * d2)
    }

    var mean: Double { sum.value / Double(count) }

    /// The sample SD, √((Σd² − (Σd)²/n)/(n − 1)) with d = x − x₁; 0 for one value.
    var standardDeviation: Double {
        guard count > 1 else { return 0 }
        let n = Double(count)
        return max((deviationSquares.value - deviations.value * deviations.value / n) / (n - 1), 0).squareRoot()
    }

    /// √(Σx²/n).
    var rms: Double { (squares.value / Double(count)).squareRoot() }

    /// The 95% large-sample interval of the RMS: the square root of the normal interval of the mean square,
    /// m₂ ± z₀.₉₇₅·√(s²(x²)/n), with s²(x²) the sample variance of x² (the fourth moment about zero less m₂²,
    /// summed about x₁²). By the delta method √ of that interval covers the RMS with probability → 95% as n grows,
    /// for any distribution with a finite fourth moment; used only above thousands of walks a cell.
    func meanSquareInterval() throws -> ConfidenceInterval {
        let n = Double(count)
        let meanSquare = squares.value / n
        guard count > 1 else { return ConfidenceInterval(low: meanSquare.squareRoot(), high: meanSquare.squareRoot()) }
        let variance = max(
            (squareDeviationSquares.value - squareDeviations.value * squareDeviations.value / n) / (n - 1), 0)
        let half = try Normal.quantile(0.975) * (variance / n).squareRoot()
        return ConfidenceInterval(low: max(meanSquare - half, 0).squareRoot(), high: (meanSquare + half).squareRoot())
    }

    /// The sums of several cells together (a pooled chart point).
    static func pooled(_ parts: [DriftMoments]) -> DriftMoments {
        var all = DriftMoments()
        guard let first = parts.first(where: { $0.count > 0 }) else { return all }
        all.shift = first.shift
        all.shiftSquare = first.shiftSquare
        for m in parts where m.count > 0 {
            // Re-centre each part's deviation sums on the pooled shift: Σ(x − s) = Σ(x − sₖ) + nₖ(sₖ − s), and
            // Σ(x − s)² = Σ(x − sₖ)² + 2(sₖ − s)Σ(x − sₖ) + nₖ(sₖ − s)².
            let n = Double(m.count)
            let delta = m.shift - all.shift
            let deltaSquare = m.shiftSquare - all.shiftSquare
            all.count += m.count
            all.sum.add(m.sum)
            all.squares.add(m.squares)
            all.deviations.add(m.deviations.value + n * delta)
            all.deviationSquares.add(m.deviationSquares.value + 2 * delta * m.deviations.value + n * delta * delta)
            all.squareDeviations.add(m.squareDeviations.value + n * deltaSquare)
            all.squareDeviationSquares.add(
                m.squareDeviationSquares.value + 2 * deltaSquare * m.squareDeviations.value + n * deltaSquare * deltaSquare)
        }
        return all
    }
}

/// The drift report reduced as trials arrive, in global index order, so memory does not grow with the trials.
///
/// Up to ``keptWalksPerCell`` walks of each cell are kept as outcomes (a few numbers each). While no cell has more,
/// the report is made from them by the in-memory code (``DriftAnalysis/init(scenario:outcomes:)``,
/// ``DriftReport/render(scenario:outcomes:analysis:)``), so it is byte for byte the collected report. When a cell
/// has more (far beyond any shipped scenario), every trial from then on also goes, as exact bit patterns, to a
/// compact row file, and the report is made from:
/// - per cell: mean, SD and RMS from running sums (``DriftMoments``), median and 95th percentile of |drift| by
///   exact selection (``SpilledValues``), the share of arrows beyond 90° by counting, all over every walk; the RMS
///   interval by studentized bootstrap over the cell when it is not capped, the large-sample interval when it is;
/// - the regressions, from five passes over the row file (``LinearModel/fitHC3(termNames:confidenceLevel:rows:)``),
///   over every walk;
/// - the error budget (its 400-replicate bootstrap needs every row in memory) from the first ``keptWalksPerCell``
///   walks of each cell, as the report's method paragraph says;
/// - the scatter chart's points, every k-th trial as in memory (k from the scenario's trial count, known before the
///   first trial).
struct DriftStream {
    /// Walks of a cell kept in memory; above it the cell is capped.
    static let defaultKeptWalksPerCell = 4096

    let scenario: DriftScenario
    let keptWalksPerCell: Int
    private(set) var kept: [DriftOutcome] = []
    private var counts: [Int]
    private var beyond90: [Int]
    private var positive: [Bool]
    private var moments: [DriftMoments]
    private var absolute: [SpilledValues]
    private var rows: SpoolFile?
    private var trials: CSVStream
    private var scatter: [ChartPoint] = []
    private let scatterStride: Int
    private var index = 0

    /// Bytes of one row: cell index, then drift, net and total rotation as bit patterns.
    private static let rowBytes = 32

    init(scenario s: DriftScenario, keptWalksPerCell: Int = DriftStream.defaultKeptWalksPerCell) throws {
        scenario = s
        self.keptWalksPerCell = max(1, keptWalksPerCell)
        counts = Array(repeating: 0, count: s.cells.count)
        beyond90 = counts
        positive = Array(repeating: false, count: s.cells.count)
        moments = Array(repeating: DriftMoments(), count: s.cells.count)
        absolute = (0..<s.cells.count).map { _ in SpilledValues() }
        trials = try CSVStream(header: DriftReport.trialsHeader)
        scatterStride = DriftReport.scatterStride(s.totalTrials)
    }

    var isCapped: Bool { rows != nil }

    mutating func add(_ o: DriftOutcome) throws {
        let degrees = 180 / Double.pi
        let cell = scenario.cells[o.cellIndex]
        try trials.append(DriftReport.trialRow(scenario, o))
        let k = o.cellIndex
        counts[k] += 1
        if abs(o.arrowTurnRadians) > .pi / 2 { beyond90[k] += 1 }
        let drift = o.driftRadians * degrees
        if abs(drift) > 0 { positive[k] = true }
        moments[k].add(drift)
        try absolute[k].append(abs(drift))
        if index % scatterStride == 0 { scatter.append(DriftReport.scatterPoint(cell, o)) }
        index += 1
        if counts[k] <= keptWalksPerCell { kept.append(o) }
        if rows == nil, counts[k] > keptWalksPerCell {
            // The first capped walk: every trial before it is kept, so the row file starts from them.
            let spool = try SpoolFile()
            for earlier in kept { try Self.write(earlier, to: spool) }
            rows = spool
        }
        if let rows { try Self.write(o, to: rows) }
    }

    private static func write(_ o: DriftOutcome, to spool: SpoolFile) throws {
        var words: (UInt64, UInt64, UInt64, UInt64) = (
            UInt64(o.cellIndex).littleEndian, o.driftRadians.bitPattern.littleEndian, o.netRotationRadians.bitPattern.littleEndian,
            o.totalRotationRadians.bitPattern.littleEndian
        )
        var failure: ReportingError?
        withUnsafeBytes(of: &words) { bytes in
            do throws(ReportingError) { try spool.append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Calls `body` with every row of the file, in trial order (as outcomes: the arrow turn and skipped samples are
    /// not stored, and no regression reads them).
    private static func forEachRow(_ spool: SpoolFile, _ s: DriftScenario, _ body: (DriftOutcome) throws -> Void) throws {
        var failure: Error?
        var position = 0
        try spool.forEachChunk { chunk in
            guard failure == nil else { return }
            for offset in stride(from: 0, to: chunk.count - rowBytes + 1, by: rowBytes) {
                func word(_ i: Int) -> UInt64 { UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: offset + 8 * i, as: UInt64.self)) }
                let cell = Int(word(0))
                let o = DriftOutcome(
                    cellIndex: cell, trialInCell: 0, seed: TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(position)),
                    netRotationRadians: Double(bitPattern: word(2)), totalRotationRadians: Double(bitPattern: word(3)),
                    driftRadians: Double(bitPattern: word(1)), arrowTurnRadians: 0, skippedSamples: 0)
                position += 1
                do { try body(o) } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }

    /// The report's files (`trials.csv` from the spool).
    func finish() throws -> ReportFiles {
        let (analysis, points) = try analysis()
        return try DriftReport.render(scenario: scenario, trials: trials.spool, scatter: points, analysis: analysis)
    }

    /// The analysis and the scatter chart's points. Uncapped: the in-memory analysis of the kept outcomes (every
    /// trial).
    func analysis() throws -> (DriftAnalysis, [ChartPoint]) {
        guard index == scenario.totalTrials else {
            throw SimulationError("the drift report was fed \(index) trials, the scenario has \(scenario.totalTrials)")
        }
        guard let rows else {
            return (try DriftAnalysis(scenario: scenario, outcomes: kept), DriftReport.scatterPoints(scenario, kept))
        }
        let s = scenario
        var keptByCell = Array(repeating: [Double](), count: s.cells.count)
        for o in kept { keptByCell[o.cellIndex].append(o.driftRadians * (180 / Double.pi)) }
        let cells = try s.cells.map { cell -> DriftAnalysis.CellSummary in
            let k = cell.index
            guard counts[k] > keptWalksPerCell else {
                return try DriftAnalysis.summary(s, cell, drifts: keptByCell[k], beyond90: beyond90[k])
            }
            let m = moments[k]
            return DriftAnalysis.CellSummary(
                cell: cell, count: counts[k], meanDriftDeg: m.mean, sdDriftDeg: m.standardDeviation, rmsDriftDeg: m.rms,
                rmsInterval: try m.meanSquareInterval(), medianAbsDriftDeg: try absolute[k].quantile(0.5),
                p95AbsDriftDeg: try absolute[k].quantile(0.95), arrowBeyond90Fraction: Double(beyond90[k]) / Double(counts[k]),
                driftsDeg: keptByCell[k], moments: m, isCapped: true)
        }
        let models = DriftAnalysis.modelSpecs(s, positiveCells: positive).map { spec in
            spec.fit {
                try LinearModel.fitHC3(termNames: spec.terms.map(\.name)) { each in
                    var x = [Double](repeating: 0, count: spec.terms.count)
                    try Self.forEachRow(rows, s) { o in
                        guard spec.includes(o) else { return }
                        let c = s.cells[o.cellIndex]
                        for (j, t) in spec.terms.enumerated() { x[j] = t.column.value(o, c) }
                        try each(spec.response.value(o, c), x)
                    }
                }
            }
        }
        let analysis = DriftAnalysis(
            cells: cells, models: models, decompositions: try DriftAnalysis.decompositions(s, outcomes: kept),
            keptWalksPerCell: keptWalksPerCell)
        return (analysis, scatter)
    }
}
