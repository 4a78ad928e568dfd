import Foundation
import Reporting

extension SweepReport {
    /// A rendered chart and where it goes.
    struct RenderedChart {
        let path: String
        let alt: String
        let svg: String
    }

    /// The families in sweep order.
    static func families(_ a: SweepAnalysis) -> [String] {
        var out: [String] = []
        for s in a.settings where !out.contains(s.family) { out.append(s.family) }
        return out
    }

    /// The settings of `family` that no other setting of it beats on both axes (higher `y` for no worse `x`),
    /// ordered by x: the family's trade-off curve.
    ///
    /// - Parameters:
    ///   - x: the cost or benefit along x (nil: the setting is left out).
    ///   - y: the benefit along y (nil: left out).
    ///   - xIsCost: true when smaller x is better (false alarms an hour); false when larger is (recall).
    static func front(
        _ a: SweepAnalysis, family: String, x: (DetectionMetrics) -> Double?,
        y: (DetectionMetrics) -> Double?, xIsCost: Bool
    ) -> [Int] {
        let members = a.settings.indices.filter { a.settings[$0].family == family }
            .filter { x(a.metrics[$0]) != nil && y(a.metrics[$0]) != nil }
        // Best x first; among equal x, best y first. Keep a point when its y beats every point before it.
        let ordered = members.sorted {
            let xa = x(a.metrics[$0]) ?? 0, xb = x(a.metrics[$1]) ?? 0
            if xa != xb { return xIsCost ? xa < xb : xa > xb }
            let ya = y(a.metrics[$0]) ?? 0, yb = y(a.metrics[$1]) ?? 0
            return ya != yb ? ya > yb : $0 < $1
        }
        var kept: [Int] = []
        var bestY = -Double.infinity
        for s in ordered {
            let value = y(a.metrics[s]) ?? 0
            if value > bestY {
                kept.append(s)
                bestY = value
            }
        }
        return kept.sorted { (x(a.metrics[$0]) ?? 0) < (x(a.metrics[$1]) ?? 0) }
    }

    static func renderCharts(_ c: SweepReportContext, _ a: SweepAnalysis) throws -> [RenderedChart] {
        var charts: [RenderedChart] = []
        let names = families(a)
        let r = a.recommended
        let rm = a.metrics[r]
        // Black (palette slot 6), apart from every family's colour, since it sits on one of their points.
        let recommendedSlot = 6
        // The chosen setting is called "recommended" only where the summary recommends it: the rule met and the
        // choice reliable on fresh days; otherwise it is the best trade-off, not recommended.
        let reliable = try choiceIsReliable(c)
        let shipped = a.ruleMet && reliable
        let pickName = shipped ? "recommended" : "best trade-off, not recommended"

        // Precision against recall, the upper-right front of each family.
        var pr: [ChartSeries] = names.enumerated().map { i, family in
            let points = front(a, family: family, x: { $0.recall }, y: { $0.precision }, xIsCost: false).map {
                ChartPoint(x: (a.metrics[$0].recall ?? 0) * 100, y: (a.metrics[$0].precision ?? 0) * 100)
            }
            return ChartSeries(name: family, points: points, style: .lineAndMarkers, colorIndex: i)
        }
        if let recall = rm.recall, let precision = rm.precision {
            pr.append(
                ChartSeries(
                    name: pickName, points: [ChartPoint(x: recall * 100, y: precision * 100)],
                    style: .markers, colorIndex: recommendedSlot, layer: 1))
        }
        let prChart = LineChart(
            title: "Precision against recall (best trade-off of each detector family)",
            xLabel: "recall (%)", yLabel: "precision (%)", series: pr)
        charts.append(
            RenderedChart(
                path: "precision-recall.svg",
                alt: "precision-recall curve, one line per detector family",
                svg: try prChart.renderSVG()))

        // Recall against false alarms an hour, with the recall intervals.
        var roc: [ChartSeries] = names.enumerated().map { i, family in
            let points = front(a, family: family, x: { $0.falseAlarmsPerHour }, y: { $0.recall }, xIsCost: true).map {
                let m = a.metrics[$0]
                return ChartPoint(
                    x: m.falseAlarmsPerHour ?? 0, y: (m.recall ?? 0) * 100,
                    yLow: m.recallInterval.map { $0.low * 100 }, yHigh: m.recallInterval.map { $0.high * 100 })
            }
            return ChartSeries(name: family, points: points, style: .lineAndMarkers, colorIndex: i)
        }
        if let rate = rm.falseAlarmsPerHour, let recall = rm.recall {
            roc.append(
                ChartSeries(
                    name: pickName, points: [ChartPoint(x: rate, y: recall * 100)],
                    style: .markers, colorIndex: recommendedSlot, layer: 1))
        }
        // Zero and the decades of the rate apart (a broken log axis): the settings that matter sit at 0–1 an hour.
        var limits: [ChartReferenceLine] = []
        if case .maxRecall(let limit, let upper) = a.rule {
            let rate = Format.exact(limit)
            limits.append(
                ChartReferenceLine(
                    .vertical, at: limit,
                    label: "limit \(rate) false alarm\(limit == 1 ? "" : "s") an hour\(upper ? " (upper 95% bound)" : "")"))
        }
        let rocChart = LineChart(
            title: "Recall against false alarms an hour (best trade-off of each family)",
            xLabel: "false alarms per hour of \(c.exposure) (0, then a log scale)", yLabel: "recall (%), 95% interval",
            xScale: .log10WithZero, series: roc,
            referenceLines: limits)
        charts.append(
            RenderedChart(
                path: "recall-vs-false-alarms.svg",
                alt: "recall against false alarms per hour, one line per detector family",
                svg: try rocChart.renderSVG()))

        // False alarms an hour against recall with the clustered 95% intervals (the bounds the targets rule and
        // the rubric judge), and the limit when the rule has one.
        var rates: [ChartSeries] = names.enumerated().map { i, family in
            let points = front(a, family: family, x: { $0.falseAlarmsPerHour }, y: { $0.recall }, xIsCost: true).map {
                let m = a.metrics[$0]
                return ChartPoint(
                    x: (m.recall ?? 0) * 100, y: m.falseAlarmsPerHour ?? 0,
                    yLow: m.falseAlarmsPerHourInterval?.low, yHigh: m.falseAlarmsPerHourInterval?.high)
            }
            return ChartSeries(name: family, points: points.sorted { $0.x < $1.x }, style: .markers, colorIndex: i)
        }
        if let rate = rm.falseAlarmsPerHour, let recall = rm.recall {
            rates.append(
                ChartSeries(
                    name: pickName,
                    points: [
                        ChartPoint(
                            x: recall * 100, y: rate, yLow: rm.falseAlarmsPerHourInterval?.low,
                            yHigh: rm.falseAlarmsPerHourInterval?.high)
                    ], style: .markers, colorIndex: names.count, layer: 1))
        }
        // The limit line spans the recalls plotted (the x axis fits the data, not 0–100%).
        let recalls = rates.flatMap { $0.points.map(\.x) }
        let recallSpan = (recalls.min() ?? 0)...(recalls.max() ?? 100)
        if let limit = targets(a)?.limit {
            rates.append(
                ChartSeries(
                    name: "limit (\(Format.exact(limit)) an hour)",
                    points: [ChartPoint(x: recallSpan.lowerBound, y: limit), ChartPoint(x: recallSpan.upperBound, y: limit)],
                    style: .line,
                    colorIndex: names.count + 1))
        }
        let rateChart = LineChart(
            title: "False alarms an hour with 95% intervals (best trade-off of each family)",
            xLabel: "recall (%)", yLabel: "false alarms per hour of \(c.exposure), 95% interval", series: rates)
        charts.append(
            RenderedChart(
                path: "false-alarm-intervals.svg",
                alt: "false alarms per hour with clustered 95% intervals against recall, one series per detector family",
                svg: try rateChart.renderSVG()))

        // False alarms by activity for the recommended setting and each family's best.
        let causes = causeIndices(c)
        let shown = [r] + a.familyBest.filter { $0 != r }
        // Rates, not counts: a count mostly says how long each activity was simulated. An activity never
        // simulated has no rate and draws no bar (0).
        var bars = BarChart(
            title: "False alarms per hour of each activity", xLabel: "activity",
            yLabel: "false alarms per hour of that activity", categories: causes.map { c.activityNames[$0] },
            series: shown.enumerated().map { i, s in
                BarSeries(
                    name: "\(a.settings[s].family) \(a.settings[s].shortLabel)" + (s == r ? " (\(pickName))" : ""),
                    values: causes.map { a.falseAlarmsPerActivityHour(setting: s, activity: $0) ?? 0 },
                    colorIndex: i)
            })
        bars.labelsTallestBars = true
        charts.append(
            RenderedChart(
                path: "false-alarms-by-activity.svg",
                alt: "false alarms per hour of each activity for the recommended setting and each family's best",
                svg: try bars.renderSVG()))
        return charts
    }
}
