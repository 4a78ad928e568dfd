import Foundation
import Reporting
import SensorSim
import Stats

extension DriftReport {
    /// A rendered chart and where it goes.
    struct RenderedChart {
        let path: String
        let alt: String
        let svg: String
    }

    /// The grid factors, for naming chart series by what actually varies.
    enum Factor: CaseIterable {
        case profile, input, tilt, shape, minutes, turns

        func value(_ c: DriftCell) -> String {
            switch self {
            case .profile: return c.profile.name
            case .input: return c.input.rawValue
            case .tilt: return "tilt \(Format.exact(c.tiltDegrees))°"
            case .shape: return c.walk.shape.rawValue
            case .minutes: return "\(Format.exact(c.walk.minutes)) min"
            case .turns: return c.walk.turns == 1 ? "1 turn" : "\(c.walk.turns) turns"
            }
        }
    }

    /// Factors with more than one level in the grid.
    static func varying(_ s: DriftScenario) -> [Factor] {
        Factor.allCases.filter { f in Set(s.cells.map { f.value($0) }).count > 1 }
    }

    /// The stream of a pooled chart point's bootstrap: above the per-cell RMS streams, below the error budget's.
    static func pooledStreamIndex(cell: Int, axis: Factor) -> UInt64 {
        TrialSeed.period - 300_000 - 2 * UInt64(cell) - (axis == .minutes ? 0 : 1)
    }

    /// Groups cell summaries into chart series along `axis`: one series per combination of the other varying
    /// factors, or, when that gives more than `maximumSeries`, one per level of `keep`, pooling the rest
    /// (pooled RMS = √(Σ nᵢ·rmsᵢ² / Σ nᵢ)).
    static func series(
        _ s: DriftScenario, _ a: DriftAnalysis, axis: Factor, keep: Factor, x: (DriftCell) -> Double, maximumSeries: Int = 10,
        including: (DriftCell) -> Bool = { _ in true }
    ) throws -> [ChartSeries] {
        let others = varying(s).filter { $0 != axis }
        var grouping = others
        let cells = a.cells.filter { including($0.cell) }
        let fullCount = Set(cells.map { c in others.map { $0.value(c.cell) } }).count
        if fullCount > maximumSeries { grouping = others.contains(keep) ? [keep] : [] }
        var order: [[String]] = []
        var members: [[String]: [DriftAnalysis.CellSummary]] = [:]
        for c in cells {
            let key = grouping.map { $0.value(c.cell) }
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(c)
        }
        return try order.enumerated().map { index, key in
            var byX: [Double: (n: Int, sumSquares: Double, cells: [DriftAnalysis.CellSummary])] = [:]
            for c in members[key] ?? [] {
                let value = x(c.cell)
                let prior = byX[value] ?? (0, 0, [])
                byX[value] = (
                    prior.n + c.count, prior.sumSquares + Double(c.count) * c.rmsDriftDeg * c.rmsDriftDeg,
                    prior.cells + [c]
                )
            }
            let points = try byX.sorted(by: { $0.key < $1.key }).map { xv, group -> ChartPoint in
                if group.cells.count == 1, let only = group.cells.first {
                    return ChartPoint(x: xv, y: only.rmsDriftDeg, yLow: only.rmsInterval.low, yHigh: only.rmsInterval.high)
                }
                // Pooled cells: the studentized bootstrap interval of the pooled mean square, as for one cell (seeded by the group's
                // first cell and the chart's axis), without the χ²ₙ part: the pooled cells' drifts have different variances, for
                // which χ²ₙ is too narrow to add anything.
                let rms = (group.sumSquares / Double(group.n)).squareRoot()
                if group.cells.contains(where: \.isCapped) {
                    // A capped cell's walks are not all kept: the large-sample interval of the pooled mean square.
                    let ci = try DriftMoments.pooled(group.cells.map(\.moments)).meanSquareInterval()
                    return ChartPoint(x: xv, y: rms, yLow: ci.low, yHigh: ci.high)
                }
                let squares = group.cells.flatMap { $0.driftsDeg.map { $0 * $0 } }
                let first = group.cells.map(\.cell.index).min() ?? 0
                let stream = try RandomStream(
                    seed: TrialSeed(scenarioSeed: s.seed, trialIndex: pooledStreamIndex(cell: first, axis: axis)))
                let ms = try Bootstrap.meanSquareInterval(
                    squares, replicates: DriftAnalysis.rmsReplicates, stream: stream, zeroMeanGaussian: false)
                return ChartPoint(x: xv, y: rms, yLow: max(ms.low, 0).squareRoot(), yHigh: max(ms.high, 0).squareRoot())
            }
            let name = key.isEmpty ? "all walks" : key.joined(separator: ", ")
            return ChartSeries(name: name, points: points, style: .lineAndMarkers, colorIndex: index)
        }
    }

    /// Each walk shape's fewest and most turns in the grid.
    static func extremeTurns(_ s: DriftScenario) -> [WalkShape: Set<Int>] {
        var turns: [WalkShape: [Int]] = [:]
        for c in s.cells { turns[c.walk.shape, default: []].append(c.walk.turns) }
        return turns.mapValues { Set([$0.min() ?? 0, $0.max() ?? 0]) }
    }

    /// The scatter chart draws every k-th trial, k = max(1, trials / 2000) (at most about 2000 points).
    static func scatterStride(_ trials: Int) -> Int { max(1, trials / 2000) }

    /// The scatter chart's point of one trial.
    static func scatterPoint(_ cell: DriftCell, _ o: DriftOutcome) -> ChartPoint {
        ChartPoint(x: cell.walk.minutes, y: abs(o.driftRadians) * degrees)
    }

    /// The scatter chart's points of `outcomes` (every ``scatterStride(_:)``-th).
    static func scatterPoints(_ s: DriftScenario, _ outcomes: [DriftOutcome]) -> [ChartPoint] {
        Swift.stride(from: 0, to: outcomes.count, by: scatterStride(outcomes.count)).map { i in
            scatterPoint(s.cells[outcomes[i].cellIndex], outcomes[i])
        }
    }

    static func renderCharts(_ s: DriftScenario, scatter points: [ChartPoint], stride: Int, _ a: DriftAnalysis) throws
        -> [RenderedChart]
    {
        var charts: [RenderedChart] = []
        let share = try turningShareChart(s, a)
        if let share { charts.append(share.chart) }
        // Lines that lie on each other are drawn once (the legend names them together), and the crossover the
        // headline states is marked where exactly one walk kind has one.
        // With more than four lines, each walk shape's fewest and most turns (cells.csv has every cell); a log
        // minutes axis, so the short walks where turning can matter are not squeezed against the left edge.
        let extremes = extremeTurns(s)
        let crowded = Set(s.cells.map { "\($0.walk.shape.rawValue)|\($0.walk.turns)" }).count > 4 && varying(s).contains(.turns)
        var byMinutes = LineChart(
            title: crowded ? "RMS drift against walk duration, fewest and most turns" : "RMS drift against walk duration",
            xLabel: "walk duration (minutes, log scale)", yLabel: "RMS heading drift (°), 95% interval", xScale: .log10,
            series: try series(
                s, a, axis: .minutes, keep: .turns, x: { $0.walk.minutes },
                including: { !crowded || extremes[$0.walk.shape]?.contains($0.walk.turns) == true }),
            referenceLines: share?.crossing.map { [ChartReferenceLine(.vertical, at: $0.minutes, label: $0.label)] } ?? [])
        byMinutes.mergesCoincidentSeries = true
        byMinutes.fitsLogAxes = true
        charts.append(
            RenderedChart(
                path: "rms-vs-minutes.svg",
                alt: crowded
                    ? "RMS drift against minutes for each walk shape's fewest and most turns, the crossover marked"
                    : "RMS drift against minutes, one line per turn count",
                svg: try byMinutes.renderSVG()))
        let byTurns = LineChart(
            title: "RMS drift against number of turns", xLabel: "turns during the walk",
            yLabel: "RMS heading drift (°), 95% interval",
            series: try series(s, a, axis: .turns, keep: .minutes, x: { Double($0.walk.turns) }))
        charts.append(
            RenderedChart(
                path: "rms-vs-turns.svg", alt: "RMS drift against turns, one line per duration",
                svg: try byTurns.renderSVG()))

        // |drift| of every k-th trial (at most about 2000 points) with the fitted lines of the regressions.
        var scatter: [ChartSeries] = []
        scatter.append(
            ChartSeries(
                name: stride == 1 ? "|drift| of each trial" : "|drift|, one trial in \(stride)",
                points: points, style: .markers, colorIndex: 0))
        let minutes = s.cells.map(\.walk.minutes)
        let range = [minutes.min() ?? 0, minutes.max() ?? 1]
        // The fitted lines: |drift| ~ minutes, and ~ minutes + turns at the fewest and most turns. Lines that lie
        // within 2% of the data's height of each other are drawn once, named together, so a chart never shows
        // one line where the legend promises three.
        var fitted: [(name: String, points: [ChartPoint], dashed: Bool)] = []
        if let fit = a.model(DriftAnalysis.ModelID.time)?.fit {
            fitted.append(("|drift| ~ minutes", try range.map { ChartPoint(x: $0, y: try fit.predict([$0])) }, false))
        }
        if let fit = a.model(DriftAnalysis.ModelID.timeAndTurns)?.fit {
            let turns = s.cells.map(\.walk.turns)
            for n in Set([turns.min() ?? 0, turns.max() ?? 0]).sorted() {
                fitted.append(
                    (
                        "|drift| ~ minutes + turns, at \(n) turns",
                        try range.map { ChartPoint(x: $0, y: try fit.predict([$0, Double(n)])) }, true
                    ))
            }
        }
        let height = max(points.map(\.y).max() ?? 1, 1e-9)
        var groups: [[Int]] = []
        for i in fitted.indices {
            let near = groups.firstIndex { group in
                zip(fitted[group[0]].points, fitted[i].points).allSatisfy { abs($0.y - $1.y) <= 0.02 * height }
            }
            if let near { groups[near].append(i) } else { groups.append([i]) }
        }
        for (k, group) in groups.enumerated() {
            // "fit: |drift| ~ minutes", or for a group "fits: |drift| ~ minutes, and ~ minutes + turns at 0 and 16
            // turns (within 2% of each other)".
            let plain = group.filter { !fitted[$0].name.contains("turns") }.map { fitted[$0].name }
            let turnCounts = group.compactMap { i -> String? in
                guard let r = fitted[i].name.range(of: ", at ") else { return nil }
                return String(fitted[i].name[r.upperBound...].dropLast(" turns".count))
            }
            var parts = plain
            if !turnCounts.isEmpty {
                parts.append(
                    (plain.isEmpty ? "|drift| " : "") + "~ minutes + turns at "
                        + turnCounts.joined(separator: " and ") + " turns")
            }
            let name =
                group.count == 1
                ? "fit: \(fitted[group[0]].name)"
                : "fits: " + parts.joined(separator: ", and ") + " (within 2% of each other)"
            scatter.append(
                ChartSeries(
                    name: name, points: fitted[group[0]].points, style: .line,
                    dashed: group.count == 1 && fitted[group[0]].dashed, colorIndex: 1 + k))
        }
        let scatterChart = LineChart(
            title: "Absolute drift of each walk, with fitted lines",
            xLabel: "walk duration (minutes)", yLabel: "|heading drift| (°)", series: scatter)
        charts.append(
            RenderedChart(
                path: "drift-scatter.svg", alt: "absolute drift of each trial against minutes, with fitted lines",
                svg: try scatterChart.renderSVG()))
        return charts
    }

    /// The chart that carries the answer: turning's share of the mean-square drift against minutes (log scale), for
    /// the walk of each kind that turns most (at most four kinds), with its 95% intervals, the 50% line where time
    /// and turning weigh the same, and the crossover where time overtakes turning (a vertical line when exactly one
    /// kind crosses; each series' legend says its own), with that crossing for the other charts. `nil` without an
    /// error budget.
    static func turningShareChart(_ s: DriftScenario, _ a: DriftAnalysis) throws -> (
        chart: RenderedChart, crossing: (minutes: Double, label: String)?
    )? {
        guard let d = a.decompositions.first else { return nil }
        let kinds = walkKinds(s, d)
        guard !kinds.isEmpty, kinds.count <= 4 else { return nil }
        var series: [ChartSeries] = []
        var crossings: [(minutes: Double, label: String)] = []
        for (index, kind) in kinds.enumerated() {
            guard let most = kind.crossovers.max(by: { $0.representative.walk.turns < $1.representative.walk.turns }) else { continue }
            let w = most.representative
            let cells = d.shares.filter {
                $0.cell.walk.shape == w.walk.shape && $0.cell.walk.turns == w.walk.turns && $0.cell.input == w.input
                    && $0.cell.tiltDegrees == w.tiltDegrees
            }.sorted { $0.cell.walk.minutes < $1.cell.walk.minutes }
            guard !cells.isEmpty else { continue }
            var name = "\(w.walk.shape.rawValue), \(w.walk.turns) turns" + (kind.context.isEmpty ? "" : " (\(kind.context))")
            switch most.status {
            case .crosses(let minutes, let low, let high):
                name +=
                    ": time overtakes at \(try minutesText(minutes)) min (95% CI "
                    + "\(try minutesLowText(low))–\(try minutesHighText(high)))"
                crossings.append(
                    (minutes, "\(w.walk.shape.rawValue): time overtakes at \(try Format.number(minutes, significantDigits: 2)) min"))
            case .timeEverywhere: name += ": time dominates throughout"
            case .turningEverywhere: name += ": turning dominates throughout"
            case .turningNotIdentified(let atMost):
                name +=
                    atMost <= most.maximumMinutes
                    ? ": turning not identified; time dominates from at most \(try minutesHighText(atMost)) min"
                    : ": turning not identified"
            }
            series.append(
                ChartSeries(
                    name: name,
                    points: cells.map {
                        ChartPoint(
                            x: $0.cell.walk.minutes, y: 100 * (1 - $0.timeShare), yLow: 100 * (1 - $0.timeShareInterval.high),
                            yHigh: 100 * (1 - $0.timeShareInterval.low))
                    }, style: .lineAndMarkers, colorIndex: index))
        }
        guard !series.isEmpty else { return nil }
        var lines = [ChartReferenceLine(.horizontal, at: 50, label: "time and turning weigh the same")]
        if crossings.count == 1 { lines.append(ChartReferenceLine(.vertical, at: crossings[0].minutes, label: crossings[0].label)) }
        var chart = LineChart(
            title: "Turning's share of the mean-square drift", xLabel: "walk duration (minutes, log scale)",
            yLabel: "turning's share (%), 95% interval", xScale: .log10, series: series, referenceLines: lines)
        chart.fitsLogAxes = true
        let rendered = RenderedChart(
            path: "turning-share.svg",
            alt: "turning's share of the mean-square drift against minutes, with the 50% line and the crossover",
            svg: try chart.renderSVG())
        return (rendered, crossings.count == 1 ? crossings[0] : nil)
    }
}
