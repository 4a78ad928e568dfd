import MonteCarlo
import Studies

/// The files `run` writes into `<dir>/<scenario name>/`, by study, for `run --help`: each study's own
/// ``Study/outputs``, in registry order. `StudyOutputsTests` runs every shipped scenario and checks that each file it
/// writes matches a pattern of its study and that every pattern is written by some shipped scenario.
enum StudyOutputs {
    /// Study name (as in ``StudyRegistry``) → its outputs.
    static var table: [(study: String, outputs: [StudyOutput])] {
        StudyRegistry.studies.map { (study: $0.kind, outputs: $0.outputs) }
    }

    /// The OUTPUTS section of `run --help`.
    static var helpSection: String {
        let rows = table.map { entry in
            let files = entry.outputs.map { $0.when.isEmpty ? $0.shown : "\($0.shown) (\($0.when))" }
            return HelpText.row(entry.study, files.joined(separator: ", "))
        }
        return "OUTPUTS (in <dir>/<scenario name>/, by study):\n" + rows.joined(separator: "\n")
    }

    /// Whether a file name matches a pattern whose `*` stands for any characters.
    static func matches(_ name: String, _ pattern: String) -> Bool { StudyOutput.matches(name, pattern) }
}
