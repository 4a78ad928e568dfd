import DetectionCore
import FileFormats
import Reporting
import Studies

/// A chart of a recording's signal against a detector's threshold: the largest |a| per time bin, the threshold as a
/// horizontal line, every firing as a marker (by its status when the recording is labelled) and the labels as bars
/// under the signal.
package enum SignalChart {
    /// One firing: its time, the |a| of the sample that fired, and its status (nil: not scored).
    package struct Firing: Sendable {
        package let timeSeconds: Double
        package let magnitudeG: Double
        package let status: DetectionStatus?

        package init(timeSeconds: Double, magnitudeG: Double, status: DetectionStatus?) {
            self.timeSeconds = timeSeconds
            self.magnitudeG = magnitudeG
            self.status = status
        }
    }

    /// The threshold a configuration's kind compares |a| with, g, and its words ("thresholdG 1.5 g"); nil for a
    /// kind whose lead parameter is not in g.
    package static func threshold(_ c: ShakeDetectorConfiguration) -> (valueG: Double, text: String)? {
        guard let p = c.kind.labelParameter, p.unit == "g", case .real(let x) = c[p.key] else { return nil }
        return (x, "\(p.key) \(Format.label(x)) g")
    }

    /// Renders the chart as SVG.
    ///
    /// - Parameters:
    ///   - title: the chart's title.
    ///   - envelope: the signal's per-bin peaks.
    ///   - firings: the detector's events.
    ///   - configuration: the detector (for its threshold and whether it reads gravity).
    ///   - labels: the recording's labels (empty: none drawn).
    /// - Throws: ``ReportingError`` for values the chart cannot draw.
    package static func render(
        title: String, envelope: SignalEnvelope, firings: [Firing], configuration c: ShakeDetectorConfiguration,
        labels: [RecordingLabel]
    ) throws -> String {
        var series: [ChartSeries] = []
        let points = envelope.bins.map { ChartPoint(x: $0.peakTimeSeconds, y: $0.peak) }
        series.append(
            ChartSeries(name: "|a| (peak per \(Format.label(envelope.widthSeconds)) s)", points: points, style: .line, colorIndex: 0))
        let statuses: [(DetectionStatus?, String, Int)] = [
            (nil, "firing", 1), (.truePositive, "firing: true positive", 2), (.fragment, "firing: fragment", 3),
            (.falseAlarm, "firing: false alarm", 1),
        ]
        for (status, name, color) in statuses {
            let marks = firings.filter { $0.status == status }.map { ChartPoint(x: $0.timeSeconds, y: $0.magnitudeG) }
            if !marks.isEmpty { series.append(ChartSeries(name: name, points: marks, style: .markers, colorIndex: color, layer: 2)) }
        }
        let top = max(points.map(\.y).max() ?? 1, threshold(c)?.valueG ?? 0, 0.1)
        var texts: [String] = []
        for l in labels where !texts.contains(l.text.lowercased()) { texts.append(l.text.lowercased()) }
        texts.sort { ($0 == LabelledTimeline.gestureLabel ? 0 : 1, $0) < ($1 == LabelledTimeline.gestureLabel ? 0 : 1, $1) }
        for (i, text) in texts.enumerated() {
            let level = -top * (0.05 + 0.05 * Double(i))
            for (k, l) in labels.filter({ $0.text.lowercased() == text }).enumerated() {
                var s = ChartSeries(
                    name: "label: \(text)",
                    points: [ChartPoint(x: l.startSeconds, y: level), ChartPoint(x: l.endSeconds, y: level)],
                    style: .line, colorIndex: 4 + i, layer: 1)
                s.inLegend = k == 0
                series.append(s)
            }
        }
        let gravity = c.inputIncludesGravity ? ", gravity included as read" : ", user acceleration"
        let chart = LineChart(
            title: title, xLabel: "time (s, the recording's own clock)", yLabel: "|a| (g\(gravity))", series: series,
            referenceLines: threshold(c).map { [ChartReferenceLine(.horizontal, at: $0.valueG, label: $0.text)] } ?? [])
        return try chart.renderSVG()
    }
}
