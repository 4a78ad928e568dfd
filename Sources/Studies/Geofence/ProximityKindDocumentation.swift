import DetectionCore
import Reporting

/// The proximity check kinds' documentation, written from their declarations: the two tables in `docs/geofence.md`
/// (a test checks the file holds exactly these), so neither can drift from what the core reads.
package enum ProximityKindDocumentation {
    /// One row per registered kind: its name, the keys it reads with their defaults, whether it needs each fix's
    /// accuracy, its label in reports, and its enter and exit rule.
    package static func kindTable() -> String {
        var lines = [
            "| kind | reads (defaults) | needs accuracy | label in reports | enter and exit |",
            "|---|---|---|---|---|",
        ]
        for kind in ProximityCheckKind.allCases {
            let reads = kind.parameters.map { p in
                "`\(p.key)` \(ShakeKindDocumentation.valueText(p.standardDefault, unit: p.unit))"
            }
            let label = kind.label(ProximityCheckConfiguration(kind: kind), number: Format.exact)
            lines.append(
                "| `\(kind.rawValue)` | \(reads.joined(separator: ", ")) | \(kind.needsAccuracy ? "yes" : "no") | "
                    + "\(ShakeKindDocumentation.cell(label)) | \(ShakeKindDocumentation.cell(kind.summary)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per key of the vocabulary (the shared keys, then every kind's own): unit, default, valid range, the
    /// kinds that read it, and meaning.
    package static func keyTable() -> String {
        var lines = [
            "| key | unit | default | valid range | read by | meaning |",
            "|---|---|---|---|---|---|",
        ]
        var keys = DetectorParameter.proximityShared
        for kind in ProximityCheckKind.allCases {
            for p in kind.vocabulary where !keys.contains(p) { keys.append(p) }
        }
        for p in keys {
            let readers = ProximityCheckKind.allCases.filter { $0.parameter(p.key) != nil }.map { "`\($0.rawValue)`" }
            lines.append(
                "| `\(p.key)` | \(p.unit.isEmpty ? "—" : p.unit) | "
                    + "\(ShakeKindDocumentation.valueText(p.standardDefault, unit: p.unit)) | "
                    + "\(p.rangeNotation ?? "true or false") | "
                    + "\(readers.count == ProximityCheckKind.allCases.count ? "every kind" : readers.joined(separator: ", ")) | "
                    + "\(ShakeKindDocumentation.cell(p.meaning)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
