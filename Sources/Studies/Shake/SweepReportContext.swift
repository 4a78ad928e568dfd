/// The words a sweep report uses for its study (shake or scribble), and the method paragraph.
public struct SweepReportContext: Sendable {
    /// The summary's first heading.
    public let title: String
    public let description: String
    /// The gesture's name ("shake", "scribble").
    public let gesture: String
    /// What false alarms are counted against ("non-shake motion").
    public let exposure: String
    /// Activity names as labels index them (CSV vocabulary).
    public let activityNames: [String]
    /// Activity phrases for "mostly from …".
    public let activityCauses: [String]
    /// The index of the gesture itself among the activities (left out of false-alarm breakdowns).
    public let truthActivity: Int
    /// How the data were made, in sentences.
    public let method: String
    /// The everyday activities' weights, for the method table.
    public let weights: [(String, Double)]
    /// The core type the JSON snippet decodes into.
    public let configurationType: String
}
