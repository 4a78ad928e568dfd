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
            paragraphs.append(
                "**`\(kind.rawValue)`** fires on \(kind.summary). By default it reads \(reads.joined(separator: ", ")). "
                    + input + " After an event it ignores readings for cooldownSeconds.")
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
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
