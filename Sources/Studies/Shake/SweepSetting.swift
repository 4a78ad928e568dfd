/// One parameter set of a sweep, described for reports.
package struct SweepSetting: Sendable, Equatable {
    /// Position in the sweep (0-based).
    package let index: Int
    /// The detector family ("threshold-count", "window-fraction", "reversal", "scribble").
    package let family: String
    /// Every parameter as `name=value`, in the configuration's vocabulary, e.g. `thresholdG=1.5`.
    package let parameters: [String]
    /// A short phrase naming what varies, e.g. "at 1.8 g" or "at 1.8 g, 4 in 1 s".
    package let shortLabel: String
    /// The configuration as JSON a team can paste (the core's Codable vocabulary).
    package let configurationJSON: String
    /// The setting as a `grade` submission's `gesture` and `detector` keys (`kind` and the keys the kind reads),
    /// to paste into a submission file.
    package let submissionJSON: String
    /// When the setting fires, in plain words with its own numbers ("fires when at least 40% of the last 0.5 s of
    /// samples exceed 0.9 g, …"; `SettingPlainWords`), and where the docs word its kind; empty when there are none.
    package let plainWords: String

    package init(
        index: Int, family: String, parameters: [String], shortLabel: String, configurationJSON: String,
        submissionJSON: String = "", plainWords: String = ""
    ) {
        self.index = index
        self.family = family
        self.parameters = parameters
        self.shortLabel = shortLabel
        self.configurationJSON = configurationJSON
        self.submissionJSON = submissionJSON
        self.plainWords = plainWords
    }

    /// `{"gesture": …, "detector": {"kind": …, key: value, …}}`, two-space indented, keys in the given order;
    /// values are written as given (JSON numbers or booleans).
    static func submission(gesture: String, kind: String, keys: [(String, String)]) -> String {
        let lines = ["    \"kind\": \"\(kind)\""] + keys.map { "    \"\($0.0)\": \($0.1)" }
        return "{\n  \"gesture\": \"\(gesture)\",\n  \"detector\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}"
    }

    /// `parameters` joined with spaces.
    package var parameterText: String { parameters.joined(separator: " ") }
}
