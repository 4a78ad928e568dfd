import DetectionCore
import Reporting

/// The scribble keys' documentation, written from their declarations (`ScribbleDetectorConfiguration.parameters`):
/// the key table in `docs/shake.md` (a test checks the file holds exactly this), so it cannot drift from what the
/// core reads.
package enum ScribbleKeyDocumentation {
    /// One row per key, in encoding order: unit, default, valid range, the grader's ladder grid, and meaning.
    package static func keyTable() -> String {
        var lines = [
            "| key | unit | default | valid range | ladder moves it over | meaning |",
            "|---|---|---|---|---|---|",
        ]
        for p in ScribbleDetectorConfiguration.parameters {
            let range = p.rangeNotation ?? "true or false"
            let ladder = p.ladder.isEmpty ? "—" : p.ladder.map { Format.label($0) }.joined(separator: ", ")
            lines.append(
                "| `\(p.key)` | \(p.unit.isEmpty ? "—" : p.unit) | "
                    + "\(ShakeKindDocumentation.valueText(p.standardDefault, unit: p.unit)) | \(range) | \(ladder) | "
                    + "\(ShakeKindDocumentation.cell(p.meaning)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
