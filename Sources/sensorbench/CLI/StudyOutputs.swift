import Foundation
import Studies

/// The files `run` writes into `<dir>/<scenario name>/`, by study, for `run --help`.
///
/// The studies render their files when they report, so the list is declared here; `StudyOutputsTests` runs every
/// shipped scenario and checks that each file it writes matches a pattern of its study, that every pattern is
/// written by some shipped scenario, and that every study of ``StudyRegistry`` has an entry.
enum StudyOutputs {
    /// One output: how help shows it, the shell-style pattern (`*` any characters) it stands for, and when it is
    /// written ("" for always).
    struct Output {
        let shown: String
        let pattern: String
        let when: String
    }

    static func always(_ name: String) -> Output { Output(shown: name, pattern: name, when: "") }

    static let gestureOutputs = [
        always("sweep.csv"), always("events.csv"), always("summary.md"), always("precision-recall.svg"),
        always("recall-vs-false-alarms.svg"), always("false-alarms-by-activity.svg"), always("false-alarm-intervals.svg"),
    ]

    /// Study name (as in ``StudyRegistry``) → its outputs.
    static let table: [(study: String, outputs: [Output])] = [
        (
            "drift",
            [
                always("trials.csv"), always("cells.csv"), always("regression.csv"), always("fits.csv"), always("summary.md"),
                always("rms-vs-minutes.svg"), always("rms-vs-turns.svg"), always("drift-scatter.svg"),
            ]
        ),
        ("shake", gestureOutputs),
        ("scribble", gestureOutputs),
        (
            "geofence",
            [
                always("trials.csv"), always("rates.csv"), always("summary.md"),
                Output(
                    shown: "wrong-collections[-<variant>]-<environment>.svg", pattern: "wrong-collections-*.svg",
                    when: "tours"),
                Output(
                    shown: "false-triggers[-<variant>]-<environment>.svg", pattern: "false-triggers-*.svg",
                    when: "two or more distances"),
                Output(
                    shown: "collected-by-variant-<environment>.svg", pattern: "collected-by-variant-*.svg",
                    when: "two or more place variants"),
            ]
        ),
    ]

    /// The OUTPUTS section of `run --help`.
    static var helpSection: String {
        let rows = table.map { entry in
            let files = entry.outputs.map { $0.when.isEmpty ? $0.shown : "\($0.shown) (\($0.when))" }
            return HelpText.row(entry.study, files.joined(separator: ", "))
        }
        return "OUTPUTS (in <dir>/<scenario name>/, by study):\n" + rows.joined(separator: "\n")
    }

    /// Whether a file name matches a pattern whose `*` stands for any characters.
    static func matches(_ name: String, _ pattern: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return name == pattern }
        guard name.hasPrefix(pieces[0]), name.hasSuffix(pieces[pieces.count - 1]),
            name.count >= pieces[0].count + pieces[pieces.count - 1].count
        else { return false }
        var rest = Substring(name.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
        for middle in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
