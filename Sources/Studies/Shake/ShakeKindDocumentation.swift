import DetectionCore
import Foundation
import Reporting

/// The shake kinds' documentation, written from their declarations: the tables in `docs/shake.md` (a test checks the
/// file holds exactly these) and the lines `help` can show, so neither can drift from what the core reads.
package enum ShakeKindDocumentation {
    /// One row per registered kind: its name, the keys it reads with its defaults, the keys a grader's ladder moves,
    /// and what it does.
    package static func kindTable() -> String {
        var lines = [
            "| kind | reads (its defaults) | ladder moves | what it does |",
            "|---|---|---|---|",
        ]
        for kind in ShakeDetectorKind.allCases {
            let reads = kind.readings.map { r -> String in
                var text = "`\(r.parameter.key)` \(valueText(r.defaultValue, unit: r.parameter.unit))"
                if let flag = r.onlyWhen { text += " (when `\(flag)`)" }
                if let required = r.required { text += " (must be \(required.value))" }
                return text
            }
            let ladder = kind.ladderParameters.map { "`\($0.key)`" }
            lines.append(
                "| `\(kind.rawValue)` | \(reads.joined(separator: ", ")) | "
                    + "\(ladder.isEmpty ? "—" : ladder.joined(separator: ", ")) | \(cell(kind.summary)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per key of the vocabulary (the shared keys, then every kind's own): unit, valid range, meaning.
    package static func keyTable() -> String {
        var lines = ["| key | unit | valid range | meaning |", "|---|---|---|---|"]
        var keys = DetectorParameter.shared
        for kind in ShakeDetectorKind.allCases {
            for p in kind.vocabulary where !keys.contains(where: { $0.key == p.key }) { keys.append(p) }
        }
        for p in keys {
            let range = p.rangeNotation ?? "true or false"
            lines.append("| `\(p.key)` | \(p.unit.isEmpty ? "—" : p.unit) | \(range) | \(cell(p.meaning)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `help` lines for the shake kinds: each kind's name and the keys it reads, from its declaration.
    package static func helpLines() -> [String] {
        ShakeDetectorKind.allCases.map { kind in
            "\(kind.rawValue): \(kind.readings.map(\.parameter.key).joined(separator: ", "))"
        }
    }

    /// The plain-words paragraphs of docs/detectors.md, one per registered kind, from its declaration: what fires
    /// it (its summary), the keys it reads with their defaults, and what signal its threshold is compared with.
    package static func plainWords() -> String {
        var paragraphs: [String] = []
        for kind in ShakeDetectorKind.allCases {
            let reads = kind.readings.map { r -> String in
                var text = "\(r.parameter.key) \(valueText(r.defaultValue, unit: r.parameter.unit))"
                if let flag = r.onlyWhen { text += " (when \(flag))" }
                return text
            }
            let input =
                kind.thresholdsRawReadings
                ? "Its threshold is compared with the raw reading, gravity included, so it counts the 1 g of gravity."
                : "Its threshold is compared with user acceleration (gravity removed): Core Motion's userAcceleration, "
                    + "or raw readings after the detector's own gravity high-pass when inputIncludesGravity is true."
            let fired = (try? pictureFirings(kind).count) ?? 0
            paragraphs.append(
                "**`\(kind.rawValue)`** fires on \(kind.summary). By default it reads \(reads.joined(separator: ", ")). "
                    + input + " After an event it ignores readings for cooldownSeconds. In the picture, a made-up "
                    + "2 g, 5 Hz shake between 1 and 2 s over a 0.1 g sway, the defaults fire "
                    + (fired == 0 ? "no event" : fired == 1 ? "once" : "\(fired) times") + ".\n\n"
                    + "![\(kind.rawValue) at its defaults on a made-up shake](detectors/\(kind.rawValue).svg)")
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    // MARK: - Pictures

    /// The picture's signal: 3 s at 100 Hz, a 0.1 g, 2 Hz sway along x throughout and a 2 g, 5 Hz shake along x
    /// between 1 and 2 s (closed form, no randomness); gravity (0, 0, −1) g added for a kind that reads raw readings.
    static func pictureSamples(_ kind: ShakeDetectorKind) -> [AccelerationSample] {
        (0..<300).map { k in
            let t = Double(k) / 100
            var x = 0.1 * sin(2 * .pi * 2 * t)
            if t >= 1 && t < 2 { x += 2 * sin(2 * .pi * 5 * (t - 1)) }
            return AccelerationSample(timestampSeconds: t, x: x, y: 0, z: kind.thresholdsRawReadings ? -1 : 0)
        }
    }

    /// The times the kind's default configuration fires on ``pictureSamples(_:)``, s.
    ///
    /// - Throws: `ShakeDetectorError` if the defaults are invalid.
    static func pictureFirings(_ kind: ShakeDetectorKind) throws -> [Double] {
        var detector = try ShakeDetector(configuration: ShakeDetectorConfiguration(kind: kind), maximumSampleRateHz: 100)
        return pictureSamples(kind).filter { detector.consume($0) }.map(\.timestampSeconds)
    }

    /// The SVG of docs/detectors/<kind>.svg: |a| of the picture's signal, the default threshold, and each firing.
    ///
    /// - Throws: `ShakeDetectorError` for invalid defaults, `ReportingError` from the chart.
    package static func picture(_ kind: ShakeDetectorKind) throws -> String {
        let samples = pictureSamples(kind)
        let points = samples.map { s in
            ChartPoint(x: s.timestampSeconds, y: (s.x * s.x + s.y * s.y + s.z * s.z).squareRoot())
        }
        let threshold = ShakeDetectorConfiguration(kind: kind).thresholdG
        var lines = [ChartReferenceLine(.horizontal, at: threshold, label: "thresholdG \(Format.label(threshold)) g")]
        for t in try pictureFirings(kind) { lines.append(ChartReferenceLine(.vertical, at: t, label: "fires")) }
        let chart = LineChart(
            title: "\(kind.rawValue) at its defaults",
            xLabel: "time (s)", yLabel: kind.thresholdsRawReadings ? "|a| with gravity (g)" : "|a| (g)",
            series: [ChartSeries(name: "|a|", points: points, style: .line)], width: 640, height: 300,
            referenceLines: lines)
        return try chart.renderSVG()
    }

    /// Prose for a table cell: a `|` (as in |Δa|) would end the cell, so it is escaped.
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static func valueText(_ v: DetectorParameter.Value, unit: String) -> String {
        switch v {
        case .real(let x): return Format.label(x) + (unit.isEmpty ? "" : " \(unit)")
        case .count(let n): return String(n)
        case .flag(let b): return String(b)
        }
    }
}
