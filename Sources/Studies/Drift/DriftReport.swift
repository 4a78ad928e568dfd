import DetectionCore
import Foundation
import Reporting
import Stats

/// Renders a drift study into `trials.csv`, `cells.csv`, `regression.csv`, `fits.csv`, `summary.md` and charts.
///
/// Everything is rendered in memory first; a rendering error leaves no file written. The summary's sentences
/// are generated from the numbers they describe.
package enum DriftReport {
    /// Renders every file of the report, keyed by path relative to the report folder.
    package static func render(scenario: DriftScenario, outcomes: [DriftOutcome], analysis: DriftAnalysis) throws -> ReportFiles {
        var files = ReportFiles()
        files.add("trials.csv", try trialsCSV(scenario, outcomes))
        try addAnalysisFiles(&files, scenario, scatter: scatterPoints(scenario, outcomes), trials: outcomes.count, analysis)
        return files
    }

    /// Renders the report with `trials.csv` already written to a spool, and the scatter chart's points chosen
    /// (every ``scatterStride(_:)``-th trial).
    static func render(scenario: DriftScenario, trials: SpoolFile, scatter: [ChartPoint], analysis: DriftAnalysis) throws
        -> ReportFiles
    {
        var files = ReportFiles()
        files.add("trials.csv", spooled: trials)
        try addAnalysisFiles(&files, scenario, scatter: scatter, trials: scenario.totalTrials, analysis)
        return files
    }

    /// The report of outcomes handed over one at a time, in global index order (``DriftStream``): memory does not
    /// grow with the trials, and while no cell has more than `keptWalksPerCell` walks the files are byte for byte
    /// those of ``render(scenario:outcomes:analysis:)``.
    package static func render(
        scenario: DriftScenario, keptWalksPerCell: Int = DriftStream.defaultKeptWalksPerCell,
        feed: ((DriftOutcome) throws -> Void) throws -> Void
    ) throws -> ReportFiles {
        var stream = try DriftStream(scenario: scenario, keptWalksPerCell: keptWalksPerCell)
        try feed { try stream.add($0) }
        return try stream.finish()
    }

    private static func addAnalysisFiles(
        _ files: inout ReportFiles, _ scenario: DriftScenario, scatter: [ChartPoint], trials: Int, _ analysis: DriftAnalysis
    ) throws {
        files.add("cells.csv", try cellsCSV(analysis))
        files.add("regression.csv", try regressionCSV(analysis))
        files.add("fits.csv", try fitsCSV(analysis))
        let charts = try renderCharts(scenario, scatter: scatter, stride: scatterStride(trials), analysis)
        for chart in charts { files.add(chart.path, chart.svg) }
        files.add("summary.md", try summary(scenario, analysis, charts: charts))
    }

    // MARK: - CSV

    static let degrees = 180 / Double.pi

    static func trialsCSV(_ s: DriftScenario, _ outcomes: [DriftOutcome]) throws -> String {
        var table = CSVTable(header: trialsHeader)
        for o in outcomes { try table.append(trialRow(s, o)) }
        return table.render()
    }

    /// The columns of `trials.csv`.
    static let trialsHeader = [
        "cell", "trial", "seed", "profile", "input", "tilt_deg", "shape", "minutes", "turns",
        "net_rotation_deg", "total_rotation_deg", "drift_deg", "abs_drift_deg", "arrow_turn_deg", "arrow_says",
        "skipped_samples",
    ]

    /// The `trials.csv` row of one trial.
    static func trialRow(_ s: DriftScenario, _ o: DriftOutcome) -> [CSVCell] {
        let c = s.cells[o.cellIndex]
        let arrow = o.arrowTurnRadians
        let phrase = TurnPhraseText.text(arrow, tolerance: s.straightAheadToleranceDegrees)
        return [
            .integer(o.cellIndex), .integer(o.trialInCell), .integer(Int(o.seed.value)), .text(c.profile.name),
            .text(c.input.rawValue), .number(c.tiltDegrees), .text(c.walk.shape.rawValue), .number(c.walk.minutes),
            .integer(c.walk.turns), .number(o.netRotationRadians * degrees), .number(o.totalRotationRadians * degrees),
            .number(o.driftRadians * degrees), .number(abs(o.driftRadians) * degrees), .number(arrow * degrees),
            .text(phrase), .integer(o.skippedSamples),
        ]
    }

    static func cellsCSV(_ a: DriftAnalysis) throws -> String {
        var table = CSVTable(header: [
            "cell", "profile", "input", "tilt_deg", "shape", "minutes", "turns", "n", "mean_drift_deg", "sd_drift_deg",
            "rms_drift_deg", "rms_ci_low", "rms_ci_high", "median_abs_drift_deg", "p95_abs_drift_deg",
            "fitted_time_ms_deg2", "fitted_turning_ms_deg2", "turning_share", "turning_share_ci_low", "turning_share_ci_high",
        ])
        var shares: [Int: DriftDecomposition.CellShare] = [:]
        for d in a.decompositions {
            for c in d.shares { shares[c.cell.index] = c }
        }
        for c in a.cells {
            let share = shares[c.cell.index]
            try table.append([
                .integer(c.cell.index), .text(c.cell.profile.name), .text(c.cell.input.rawValue), .number(c.cell.tiltDegrees),
                .text(c.cell.walk.shape.rawValue), .number(c.cell.walk.minutes), .integer(c.cell.walk.turns), .integer(c.count),
                .number(c.meanDriftDeg), .number(c.sdDriftDeg), .number(c.rmsDriftDeg), .number(c.rmsInterval.low),
                .number(c.rmsInterval.high), .number(c.medianAbsDriftDeg), .number(c.p95AbsDriftDeg),
                share.map { .number($0.timeDeg2) } ?? .missing, share.map { .number($0.turningDeg2) } ?? .missing,
                share.map { .number(1 - $0.timeShare) } ?? .missing,
                share.map { .number(1 - $0.timeShareInterval.high) } ?? .missing,
                share.map { .number(1 - $0.timeShareInterval.low) } ?? .missing,
            ])
        }
        return table.render()
    }

    static func regressionCSV(_ a: DriftAnalysis) throws -> String {
        var table = CSVTable(header: ["model", "term", "estimate", "std_error", "t_value", "p_value", "ci_low", "ci_high"])
        for m in a.models {
            guard let fit = m.fit else { continue }
            for c in fit.coefficients {
                try table.append([
                    .text(m.id), .text(c.name), .number(c.estimate), .number(c.standardError),
                    c.tValue.map(CSVCell.number) ?? .missing, c.pValue.map(CSVCell.number) ?? .missing,
                    .number(c.ciLow), .number(c.ciHigh),
                ])
            }
        }
        return table.render()
    }

    static func fitsCSV(_ a: DriftAnalysis) throws -> String {
        var table = CSVTable(header: [
            "model", "formula", "n", "df_residual", "r_squared", "adj_r_squared", "residual_se", "f_statistic",
            "f_p_value", "note",
        ])
        for m in a.models {
            if let fit = m.fit {
                try table.append([
                    .text(m.id), .text(m.formula), .integer(fit.observations), .integer(fit.residualDegreesOfFreedom),
                    .number(fit.rSquared), .number(fit.adjustedRSquared), .number(fit.residualStandardError),
                    fit.fStatistic.map(CSVCell.number) ?? .missing, fit.fPValue.map(CSVCell.number) ?? .missing, "",
                ])
            } else {
                try table.append([
                    .text(m.id), .text(m.formula), .missing, .missing, .missing, .missing, .missing,
                    .missing, .missing, .text(m.note ?? ""),
                ])
            }
        }
        return table.render()
    }
}

/// The arrow's phrase for a turn angle, via the core's ``TurnPhrase``.
enum TurnPhraseText {
    static func text(_ radians: Double, tolerance: Double) -> String {
        TurnPhrase(turnAngleRadians: radians, straightAheadToleranceDegrees: tolerance)?.text ?? ""
    }
}
