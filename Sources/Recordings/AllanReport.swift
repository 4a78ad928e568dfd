import Foundation
import Reporting
import Stats

/// Renders an ``AllanAnalysis``: `allan.csv`, `allan.svg` and `summary.md`, in memory.
package enum AllanReport {
    static let degrees = 180 / Double.pi

    package static func render(_ a: AllanAnalysis) throws -> ReportFiles {
        var files = ReportFiles()
        files.add("allan.csv", try curveCSV(a))
        files.add("allan.svg", try chart(a))
        files.add("summary.md", try summary(a))
        return files
    }

    static func curveCSV(_ a: AllanAnalysis) throws -> String {
        var table = CSVTable(header: [
            "axis", "m", "tau_s", "oadev_deg_per_s", "ci_low_deg_per_s", "ci_high_deg_per_s",
            "terms", "edf",
        ])
        for axis in a.axes {
            for p in axis.curve.points {
                try table.append([
                    .text(axis.name), .integer(p.averagingFactor), .number(p.tauSeconds),
                    .number(p.deviation * degrees), .number(p.interval.low * degrees),
                    .number(p.interval.high * degrees), .integer(p.terms),
                    .number(p.equivalentDegreesOfFreedom),
                ])
            }
        }
        return table.render()
    }

    /// The curves, with the lines each term is read from: per axis, the white-noise line N/√τ (slope −½), and
    /// where identified the rate-random-walk line K·√(τ/3) (slope +½) and the flicker floor 0.664·B; a vertical
    /// line marks each τ a term is read at. The τ axis ends near the longest τ, not at the next decade.
    static func chart(_ a: AllanAnalysis) throws -> String {
        var series = a.axes.enumerated().map { index, axis in
            ChartSeries(
                name: "\(axis.name) axis",
                points: axis.curve.points.map {
                    ChartPoint(
                        x: $0.tauSeconds, y: $0.deviation * degrees, yLow: $0.interval.low * degrees,
                        yHigh: $0.interval.high * degrees)
                }, style: .lineAndMarkers, colorIndex: index)
        }
        var readAt: [(tau: Double, label: String)] = []
        for (index, axis) in a.axes.enumerated() {
            let taus = axis.curve.points.map(\.tauSeconds)
            guard let first = taus.first, let last = taus.last else { continue }
            let terms = axis.terms
            if let n = terms.angleRandomWalk {
                series.append(
                    ChartSeries(
                        name: "\(axis.name): N/√τ, slope −½ (N = \(try n3(n.value * degrees)) °/s/√Hz, read at "
                            + "τ = \(try n3(n.tauSeconds)) s)",
                        points: [first, last].map { ChartPoint(x: $0, y: n.value * degrees / $0.squareRoot()) },
                        style: .line, dashed: true, colorIndex: index))
                readAt.append((n.tauSeconds, "N read"))
            }
            if let k = terms.rateRandomWalk {
                series.append(
                    ChartSeries(
                        name: "\(axis.name): K·√(τ/3), slope +½ (K = \(try n3(k.value * degrees)) °/s/√s, read at "
                            + "τ = \(try n3(k.tauSeconds)) s)",
                        points: [first, last].map { ChartPoint(x: $0, y: k.value * degrees * ($0 / 3).squareRoot()) },
                        style: .line, dashed: true, colorIndex: index))
                readAt.append((k.tauSeconds, "K read"))
            }
            if case .flickerFloor(let b) = terms.biasInstability {
                let floor = b.value * degrees * AllanNoiseTerms.flickerFloorFactor
                series.append(
                    ChartSeries(
                        name: "\(axis.name): flicker floor 0.664·B (B = \(try n3(b.value * degrees * 3600)) °/h, "
                            + "minimum at τ = \(try n3(b.tauSeconds)) s)",
                        points: [first, last].map { ChartPoint(x: $0, y: floor) }, style: .line, dashed: true,
                        colorIndex: index))
                readAt.append((b.tauSeconds, "B read"))
            }
        }
        // A term read at one τ on every axis gets a vertical line there (with different τ, the legend says each).
        var lines: [ChartReferenceLine] = []
        for label in ["N read", "K read", "B read"] {
            let taus = Set(readAt.filter { $0.label == label }.map(\.tau))
            if taus.count == 1, let tau = taus.first, readAt.filter({ $0.label == label }).count == a.axes.count {
                lines.append(ChartReferenceLine(.vertical, at: tau, label: "\(label) at τ = \(try n3(tau)) s"))
            }
        }
        var chart = LineChart(
            title: "Overlapping Allan deviation", xLabel: "averaging time τ (s)",
            yLabel: "Allan deviation (°/s), 95% interval", xScale: .log10, yScale: .log10,
            series: series, height: 440 + 24 * max(0, series.count - 3), referenceLines: lines)
        chart.fitsLogAxes = true
        return try chart.renderSVG()
    }

    static func n3(_ x: Double) throws -> String { try Format.number(x, significantDigits: 3) }

    /// "0.00512 (0.00498 to 0.00527)".
    static func termText(_ t: AllanNoiseTerms.Term, _ convert: (Double) -> Double) throws -> String {
        "\(try n3(convert(t.value))) (\(try n3(convert(t.interval.low))) to \(try n3(convert(t.interval.high))))"
    }

    /// "1.12 ± 0.000352": the mean rate in °/s and the half-width of its 95% interval.
    static func meanText(_ axis: AllanAnalysis.Axis) throws -> String {
        let half = (axis.meanInterval.high - axis.meanInterval.low) / 2 * degrees
        return "\(try n3(axis.meanRadPerSec * degrees)) ± \(try n3(half))"
    }

    static func longestTau(_ a: AllanAnalysis) -> Double {
        a.axes.map(\.terms.longestTauSeconds).max() ?? 0
    }

    /// "14 of 878 grid steps (1.59%) hold no sample (gaps: 1, the longest 0.896 s). The Allan deviation uses only …".
    static func gapText(_ grid: AllanGrid) throws -> String {
        "\(grid.emptySlots) of \(grid.present.count) grid steps "
            + "(\(try n3(100 * Double(grid.emptySlots) / Double(grid.present.count)))%) hold no sample (gaps: "
            + "\(grid.gapCount)" + (grid.gapCount > 0 ? ", the longest \(try n3(grid.longestGapSeconds)) s" : "")
            + "). Up to τ = 9 grid steps the Allan deviation uses only the second differences inside the "
            + "\(grid.stretchCount) gap-free stretches (the longest \(grid.longestStretch) grid steps, "
            + "\(try n3(Double(grid.longestStretch) * grid.stepSeconds)) s); beyond, a cluster may miss up to "
            + "\(Format.exact(100 * AllanDeviation.bridgedGapShare))% of its steps, its mean that of the samples it holds, so "
            + "gaps short beside τ are bridged and the curve reaches past the longest stretch. The terms are pooled by "
            + "their number (the `terms` column of `allan.csv`), the intervals take the summed degrees of freedom of the "
            + "runs of terms, and the bootstrap records have the same gaps."
    }

    /// How far the terms of a record with gaps held, as measured (docs/recordings.md, "N on a gapped grid":
    /// `sensorbench dev allan-coverage 400 --gaps mpu6050-overflow`); figures copied from that table, to update with it.
    static let gapTrust =
        "How far the terms held on such grids, measured on simulated 3 h records with about 50 gaps of 0.15–2.15 s (a "
        + "logger's FIFO overflowing now and then; docs/recordings.md, \"N on a gapped grid\"): the Gauss–Markov bias "
        + "was identified in every record, the 95% intervals of N, σ_GM and T held the truth in 95–100% of them, and "
        + "a rate random walk was reported in 5% of the records that had none (the walk test's level)."

    static func summary(_ a: AllanAnalysis) throws -> String {
        var doc = MarkdownDocument()
        let info = a.info
        doc.heading("Allan deviation: \(URL(fileURLWithPath: info.file).lastPathComponent)", level: 1)
        let hours = (info.lastTimeSeconds - info.firstTimeSeconds) / 3600
        doc.paragraph(
            "\(info.sampleCount) samples (\(info.format.rawValue) format, unit \(info.unit.rawValue) from "
                + "\(info.unitSource)) over \(try n3(hours)) h at \(try n3(1 / a.sampleIntervalSeconds)) Hz "
                + "(τ₀ = \(try n3(a.sampleIntervalSeconds)) s, "
                + (a.grid != nil
                    ? "the step of the even grid below)."
                    : a.retimed ? "the period of the sensor's clock below)." : "the mean interval)."))
        let steps =
            "\(a.longStepCount) of \(info.sampleCount - 1) steps between samples are longer than 1.5 × the mean interval "
            + "\(try n3(info.meanIntervalSeconds)) s (largest \(try n3(info.largestStepSeconds)) s) and span "
            + "\(try n3(100 * a.longStepTimeShare))% of the record's time"
        if let clock = a.clock, a.retimed {
            let retiming =
                "\(steps), but the stamps are those of a sensor read through a buffer: "
                + (try BufferedClock.evidence(clock)) + ". So the samples are re-timed every \(try n3(clock.periodSeconds)) s"
            if let grid = a.grid {
                doc.paragraph(
                    "**Stamped in bursts, re-timed evenly, lost samples as gaps:** \(retiming), each in its own step of an "
                        + "even grid of that period, and the lost samples are its gaps: " + (try gapText(grid))
                        + " " + Self.gapTrust)
            } else {
                doc.paragraph(
                    "**Stamped in bursts, re-timed evenly:** \(retiming) and analysed as the evenly sampled record they are, "
                        + "with no grid and no gaps (docs/recordings.md, \"Stamps read from a buffer\").")
            }
        } else if let grid = a.grid {
            doc.paragraph(
                "**Uneven sampling, analysed with its gaps:** \(steps), and they are not a buffer's delivery times "
                    + "(\(try BufferedClock.whyNot(a.clock))), so the record is put on an even grid of "
                    + "\(try n3(grid.stepSeconds)) s (the shortest power-of-two "
                    + "multiple of the median step, \(try n3(grid.medianStepSeconds)) s, that leaves at most "
                    + "\(Format.exact(100 * AllanGrid.maximumLongStepShare))% of the steps longer than 1.5 grid steps, doubled while more than 1% of the grid steps were empty and "
                    + "doubling at least halved their time), each grid value the mean of the samples in it: "
                    + (try gapText(grid)) + " The grid steps with samples hold "
                    + "\(try n3(Double(info.sampleCount) / Double(grid.present.count - grid.emptySlots))) on average and "
                    + "k̄·mean(1/k) = \(try Format.number(grid.whiteNoiseVarianceFactor, significantDigits: 4)): a step's mean "
                    + "of k samples has white-noise variance N²/(k·τ_s), so the curve holds that many times N²/τ and N is "
                    + "divided by its square root. " + Self.gapTrust + " A grid of the stamps whose steps hold several "
                    + "samples each has not been measured since gaps were bridged.")
        } else if a.irregularSampling, !a.retimed {
            doc.paragraph(
                "**Warning:** \(a.longStepCount) of \(info.sampleCount - 1) steps between samples are longer than 1.5 τ₀ "
                    + "(largest \(try n3(info.largestStepSeconds)) s); they span \(try n3(100 * a.longStepTimeShare))% of the "
                    + "record's time. The Allan deviation assumes even sampling; gaps distort the curve by about that share "
                    + "(a record whose long steps span more than \(Format.exact(100 * AllanAnalysis.maximumLongStepTimeShare))% "
                    + "of its time is analysed on an even grid with its gaps instead).")
        }
        for axis in a.axes {
            if let problem = axis.staticProblem {
                doc.paragraph(
                    "**Warning: not a static recording (\(axis.name) axis).** \(problem). The noise terms below describe "
                        + "the motion as much as the sensor; `calibrate` refuses such a record.")
            }
        }
        doc.heading("Noise terms (IEEE Std 952)", level: 2)
        var table = MarkdownTable(columns: [
            ("axis", .left), ("angle random walk N (°/s/√Hz)", .right), ("N (°/√h)", .right),
            ("bias instability (°/h)", .right), ("correlation time T (s)", .right), ("rate random walk K (°/s/√s)", .right),
            ("mean rate = turn-on bias (°/s, ± 95%)", .right),
        ])
        var notes: [String] = []
        let notIdentified = "not identified"
        for axis in a.axes {
            let t = axis.terms
            let n = try t.angleRandomWalk.map { try termText($0, AllanAnalysis.noiseDensityDegPerSecPerRootHz) } ?? notIdentified
            let nHour = try t.angleRandomWalk.map { try n3(AllanAnalysis.noiseDensityDegPerSecPerRootHz($0.value) * 60) } ?? "–"
            if let why = t.angleRandomWalkReason { notes.append("\(axis.name) axis, N: \(why).") }
            let bias: String
            let time: String
            switch t.biasInstability {
            case .gaussMarkov(let gm):
                bias = "σ_GM " + (try termText(gm.sigma, AllanAnalysis.biasInstabilityDegPerHour))
                time = try termText(gm.correlationTime, { $0 })
                notes.append(
                    "\(axis.name) axis: a correlated bias, fitted as a first-order Gauss–Markov process (σ_GM, T); "
                        + "intervals: \(gm.sigma.method)"
                        + (gm.failedResamples > 0 ? " (\(gm.failedResamples) refits failed and are left out)" : "") + ".")
            case .flickerFloor(let b):
                bias = "B " + (try termText(b, AllanAnalysis.biasInstabilityDegPerHour))
                time = "floor at τ = \(try n3(b.tauSeconds))"
            case .notIdentified(let why):
                bias = notIdentified
                time = "–"
                if t.angleRandomWalk != nil { notes.append("\(axis.name) axis, bias instability: \(why).") }
            }
            let k = try t.rateRandomWalk.map { try termText($0, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec) } ?? notIdentified
            var mean = try meanText(axis)
            if let model = t.model, model.flickerVariance > 0 {
                // Flicker has no finite variance of the mean: its part is the Allan variance at τ = L, a scale only
                // (`dev allan-coverage --flicker` leaves the mean out for that reason).
                mean += " (rough)"
                notes.append(
                    "\(axis.name) axis: the mean rate's ± is an order of magnitude, not a 95% interval: the noise model "
                        + "holds flicker, which has no finite variance of the mean (its Allan variance at τ = L stands in).")
            }
            try table.append([axis.name, n, nHour, bias, time, k, mean])
        }
        doc.table(table)
        doc.paragraph(
            "Values with their 95% intervals in brackets; \"not identified\": the curve does not support the term in "
                + "this recording (no slope region, no minimum inside the τ range, or a record too short), so no number "
                + "is given. N is read off the slope −½ line at τ = 1 s (from the point of that slope nearest 1 s), with "
                + "the χ² interval of that point (SP 1065's white-FM equivalent degrees of freedom). Terms beyond white "
                + "noise are looked for only where the curve lies significantly above the −½ line (Bonferroni over the "
                + "points); then the model with the smallest AIC among flicker floor, Gauss–Markov bias and rate random "
                + "walk (and their pairs) is fitted to the Allan variance. A flicker floor is B = √(σ_min² − N²/τ_min)/0.664 (flicker-FM "
                + "edf interval); a Gauss–Markov bias σ_GM and T come from the closed-form Allan variance "
                + "(2σ²T/τ)[1 − (T/2τ)(3 − 4e^(−τ/T) + e^(−2τ/T))], with bootstrap intervals, always fitted with a rate "
                + "random walk K ≥ 0 beside it so that their intervals allow for one; K is read off the slope +½ line at "
                + "τ = 3 s (random-walk-FM edf), or beside a Gauss–Markov bias taken from that fit and reported only when a "
                + "parametric-bootstrap likelihood-ratio test rejects K = 0 at 5%. A Gauss–Markov bias is identified only when its peak "
                + "(τ ≈ 1.89 T) has an octave of curve after it: here T up to "
                + "\(try n3(longestTau(a) / 2 / AllanVarianceModel.gaussMarkovPeakRatio)) s (a record of length L "
                + "identifies T up to about L/8). The mean rate of a still sensor is that phone's turn-on bias (interval "
                + "from the identified noise model); a class's spread of turn-on bias needs several phones.")
        if !notes.isEmpty { doc.bullets(notes) }
        doc.heading("Curve", level: 2)
        doc.image(alt: "Allan deviation against averaging time, log–log, one line per axis", path: "allan.svg")
        doc.paragraph("`allan.csv` holds every point: axis, m, τ, deviation in °/s with its interval, terms, edf.")
        return doc.render()
    }
}
