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

    package init(index: Int, family: String, parameters: [String], shortLabel: String, configurationJSON: String) {
        self.index = index
        self.family = family
        self.parameters = parameters
        self.shortLabel = shortLabel
        self.configurationJSON = configurationJSON
    }

    /// `parameters` joined with spaces.
    package var parameterText: String { parameters.joined(separator: " ") }
}
