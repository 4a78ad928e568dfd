import DetectionCore
import Reporting

/// The scribble kinds' and keys' documentation, written from their declarations (`ScribbleDetectorKind.allCases`,
/// `ScribbleDetectorConfiguration.parameters`): the two tables in `docs/shake.md` (a test checks the file holds
/// exactly these), so they cannot drift from what the core reads.
package enum ScribbleKeyDocumentation {
    /// One row per registered kind: its name, the keys it reads ("every shared key", then any of its own, with their
    /// defaults), the keys a grader's ladder moves, its label at its defaults, and what it does.
    package static func kindTable() -> String {
        var lines = [
            "| kind | reads | ladder moves | label (its defaults) | what it does |",
            "|---|---|---|---|---|",
        ]
        let shared = ScribbleDetectorConfiguration.parameters.map(\.key)
        for kind in ScribbleDetectorKind.allCases {
            let own = kind.readings.filter { !shared.contains($0.key) }.map { p in
                "`\(p.key)` \(ShakeKindDocumentation.valueText(p.standardDefault, unit: p.unit))"
            }
            let readsShared = shared.allSatisfy { k in kind.readings.contains { $0.key == k } }
            let reads = (readsShared ? ["every shared key"] : kind.readings.filter { shared.contains($0.key) }.map { "`\($0.key)`" }) + own
            let ladder = kind.ladderParameters.map { "`\($0.key)`" }
            let label = kind.label(ScribbleDetectorConfiguration(kind: kind), number: { Format.label($0) })
            lines.append(
                "| `\(kind.rawValue)` | \(reads.joined(separator: ", ")) | "
                    + "\(ladder.isEmpty ? "—" : ladder.joined(separator: ", ")) | \(ShakeKindDocumentation.cell(label)) | "
                    + "\(ShakeKindDocumentation.cell(kind.summary)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

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
