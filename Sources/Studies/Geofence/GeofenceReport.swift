import DetectionCore
import FileFormats
import Foundation
import Reporting
import Stats

/// Renders a geofence study into `trials.csv`, `rates.csv`, `summary.md` and SVG charts, all before anything is
/// written (`trials.csv` on a ``SpoolFile`` when streamed, the rest in memory).
package enum GeofenceReport {
    /// Renders every file of the report, keyed by path relative to the report folder.
    package static func render(scenario s: GeofenceScenario, outcomes: [GeofenceOutcome], analysis a: GeofenceAnalysis) throws
        -> ReportFiles
    {
        var files = ReportFiles()
        files.add("trials.csv", try trialsCSV(s, outcomes))
        try addAnalysisFiles(&files, s, a)
        return files
    }

    /// Renders the report from outcomes handed over one at a time, in global index order: `trials.csv` is
    /// streamed to a ``SpoolFile`` and the statistics accumulated (``GeofenceAnalysis/Accumulator``), so memory
    /// does not grow with the trials. Byte for byte the report ``render(scenario:outcomes:analysis:)`` makes.
    package static func render(scenario s: GeofenceScenario, feed: ((GeofenceOutcome) throws -> Void) throws -> Void) throws
        -> ReportFiles
    {
        var trials = try CSVStream(header: trialsHeader(s))
        var accumulator = GeofenceAnalysis.Accumulator(scenario: s)
        try feed { o in
            for row in trialRows(s, o) { try trials.append(row) }
            try accumulator.add(o)
        }
        let analysis = try accumulator.finish()
        var files = ReportFiles()
        files.add("trials.csv", spooled: trials.spool)
        try addAnalysisFiles(&files, s, analysis)
        return files
    }

    /// `rates.csv`, the charts and `summary.md`, which read the analysis only.
    private static func addAnalysisFiles(_ files: inout ReportFiles, _ s: GeofenceScenario, _ a: GeofenceAnalysis) throws {
        files.add("rates.csv", try ratesCSV(s, a))
        let charts = try renderCharts(s, a)
        for chart in charts { files.add(chart.path, chart.svg) }
        files.add("summary.md", try summary(s, a, charts: charts))
    }

    // MARK: - CSV

    /// A number cell, or an empty field when the value is undefined.
    static func cell(_ x: Double?) -> CSVCell { x.map(CSVCell.number) ?? .missing }

    /// One row per (trial, place of interest), one column group per check: the visit's conditions are written
    /// once, not once per check (the checks all see the same fixes).
    static func trialsCSV(_ s: GeofenceScenario, _ outcomes: [GeofenceOutcome]) throws -> String {
        var table = CSVTable(header: trialsHeader(s))
        for o in outcomes {
            for row in trialRows(s, o) { try table.append(row) }
        }
        return table.render()
    }

    /// The columns of `trials.csv`.
    static func trialsHeader(_ s: GeofenceScenario) -> [String] {
        let perCheck = ["enters", "exits", "false_enters", "first_enter_s", "first_enter_false"]
        return [
            "cell", "trial", "seed", "variant", "environment", "true_distance_m", "place", "duration_s", "fixes",
            "dropped_fixes", "true_min_distance_m", "true_entry_s",
        ] + s.checks.flatMap { check in perCheck.map { "\(check.label)_\($0)" } }
    }

    /// The `trials.csv` rows of one visit, one per place of interest.
    static func trialRows(_ s: GeofenceScenario, _ o: GeofenceOutcome) -> [[CSVCell]] {
        let c = s.cells[o.cellIndex]
        let interest = s.placesOfInterest
        return interest.enumerated().map { j, placeIndex in
            var row: [CSVCell] = [
                .integer(o.cellIndex), .integer(o.trialInCell), .integer(Int(o.seed.value)), .text(c.variant),
                .text(c.environment.name), .number(c.distanceMeters), .text(s.placeSet.places[placeIndex].name),
                .number(o.durationSeconds), .integer(o.fixesDelivered), .integer(o.fixesDropped),
                .number(o.trueMinimumDistanceMeters[j]), cell(o.trueFirstInsideSeconds[j]),
            ]
            for k in s.checks.indices {
                let i = k * interest.count + j
                row += [
                    .integer(o.enters[i]), .integer(o.exits[i]), .integer(o.falseEnters[i]), cell(o.firstEnterSeconds[i]),
                    .integer(o.firstEnterWasFalse[i] ? 1 : 0),
                ]
            }
            return row
        }
    }

    static func ratesCSV(_ s: GeofenceScenario, _ a: GeofenceAnalysis) throws -> String {
        var table = CSVTable(header: [
            "variant", "environment", "true_distance_m", "check", "place", "visits", "collected_visits",
            "collect_probability", "wrongly_collected_visits", "outside_visits", "false_trigger_visits",
            "false_trigger_probability", "ci_low", "ci_high", "false_triggers_per_hour", "per_hour_ci_low",
            "per_hour_ci_high", "inside_visits", "missed_visits", "miss_probability", "miss_ci_low", "miss_ci_high",
            "time_to_trigger_median_s", "time_to_trigger_p95_s", "flapping_cycles_per_hour",
        ])
        for r in a.rows {
            try table.append([
                .text(r.cell.variant), .text(r.cell.environment.name), .number(r.cell.distanceMeters),
                .text(s.checks[r.checkIndex].label), .text(s.placeSet.places[r.placeIndex].name), .integer(r.visits),
                .integer(r.collectedVisits), .number(r.collectProbability), .integer(r.wronglyCollectedVisits),
                .integer(r.outsideVisits), .integer(r.falseTriggerVisits), cell(r.falseTriggerProbability),
                cell(r.falseTriggerInterval?.low), cell(r.falseTriggerInterval?.high), cell(r.falseTriggersPerHour),
                cell(r.falseTriggersPerHourInterval?.low), cell(r.falseTriggersPerHourInterval?.high),
                .integer(r.insideVisits), .integer(r.missedVisits), cell(r.missProbability), cell(r.missInterval?.low),
                cell(r.missInterval?.high), cell(r.timeToTriggerMedianSeconds), cell(r.timeToTriggerP95Seconds),
                .number(r.flappingCyclesPerHour),
            ])
        }
        return table.render()
    }

    // MARK: - Charts

    /// A rendered chart and where it goes.
    struct RenderedChart {
        let path: String
        let alt: String
        let svg: String
    }

    /// Folder-safe form of a name ("urban-canyon", "mcclelland-old").
    static func slug(_ text: String) -> String {
        String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    static func renderCharts(_ s: GeofenceScenario, _ a: GeofenceAnalysis) throws -> [RenderedChart] {
        var charts: [RenderedChart] = []
        let variants = orderedUnique(s.cells.map(\.variant))
        let environments = orderedUnique(s.cells.map(\.environment.name))
        if s.isTour {
            for variant in variants {
                for env in environments {
                    let rows = a.rows.filter {
                        $0.cell.variant == variant && $0.cell.environment.name == env && $0.cell.distanceMeters == s.cells[0].distanceMeters
                    }
                    let categories = s.stops.map { s.placeSet.places[$0].name }
                    let series = s.checks.indices.map { c -> (name: String, values: [Double]) in
                        (
                            s.checks[c].label,
                            s.stops.map { p in rows.first { $0.checkIndex == c && $0.placeIndex == p }?.wronglyCollectedProbability ?? 0 }
                        )
                    }
                    let chart = BarChart(
                        title: "Halls collected from \(Format.exact(s.ruleRadiusMeters + s.toleranceMeters)) m or more away (\(env))",
                        xLabel: "hall", yLabel: "share of tours", categories: categories, series: series)
                    let suffix = (variants.count > 1 ? "-\(slug(variant))" : "") + "-\(slug(env))"
                    charts.append(
                        RenderedChart(
                            path: "wrong-collections\(suffix).svg",
                            alt: "share of tours in which each hall was collected too early, per check (\(env))",
                            svg: try chart.renderSVG()))
                }
            }
            return charts
        }
        let distances = orderedUnique(s.cells.map(\.distanceMeters))
        guard distances.count > 1 else { return charts }
        for variant in variants {
            for env in environments {
                let series = try s.checks.indices.map { c -> ChartSeries in
                    let points = try a.rows
                        .filter {
                            $0.cell.variant == variant && $0.cell.environment.name == env && $0.checkIndex == c && $0.outsideVisits > 0
                        }
                        .map { r -> ChartPoint in
                            guard let p = r.falseTriggerProbability, let ci = r.falseTriggerInterval else {
                                throw ReportingError.invalidValue(context: "chart", reason: "row without outside visits")
                            }
                            return ChartPoint(x: r.cell.distanceMeters, y: p, yLow: ci.low, yHigh: ci.high)
                        }
                    // The assignment's own check on top: other checks that fire alike cannot hide it.
                    return ChartSeries(
                        name: s.checks[c].label, points: points, style: .lineAndMarkers, colorIndex: c,
                        layer: s.checks[c].configuration.kind == .naive ? 1 : 0)
                }
                guard series.contains(where: { !$0.points.isEmpty }) else { continue }
                let suffix = (variants.count > 1 ? "-\(slug(variant))" : "") + "-\(slug(env))"
                var chart = LineChart(
                    title: "False-trigger probability per visit against true distance (\(env))",
                    xLabel: "true distance from the place (m)",
                    yLabel: "P(at least one false trigger), 95% modified Wilson interval", series: series)
                chart.mergesCoincidentSeries = true
                charts.append(
                    RenderedChart(
                        path: "false-triggers\(suffix).svg",
                        alt: "false-trigger probability against true distance, one line per check (\(env))",
                        svg: try chart.renderSVG()))
            }
        }
        // Several coordinate variants: how often the place is collected at all, per variant and check.
        if variants.count > 1 {
            for env in environments {
                var series: [ChartSeries] = []
                for variant in variants {
                    for c in s.checks.indices {
                        let points = a.rows
                            .filter { $0.cell.variant == variant && $0.cell.environment.name == env && $0.checkIndex == c }
                            .map { r in
                                ChartPoint(
                                    x: r.cell.distanceMeters, y: r.collectProbability, yLow: r.collectInterval?.low,
                                    yHigh: r.collectInterval?.high)
                            }
                        series.append(
                            ChartSeries(
                                name: "\(variant), \(s.checks[c].label)", points: points, style: .lineAndMarkers,
                                dashed: variant != variants[0], colorIndex: c))
                    }
                }
                let chart = LineChart(
                    title: "Share of visits that collect \(s.placeSet.places[s.targetIndex].name), per coordinate variant (\(env))",
                    xLabel: "true distance from the real place (m)", yLabel: "P(collected), 95% modified Wilson interval", series: series)
                charts.append(
                    RenderedChart(
                        path: "collected-by-variant-\(slug(env)).svg",
                        alt: "share of visits that collect the place against true distance, per variant and check (\(env))",
                        svg: try chart.renderSVG()))
            }
        }
        return charts
    }

    static func orderedUnique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}
