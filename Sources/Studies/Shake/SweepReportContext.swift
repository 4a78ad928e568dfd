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
    /// Other scenarios the scenario names (`compareWith`), for an answer that points to a day without the
    /// activity that limits this one.
    public var related: [RelatedScenario] = []
}

/// A scenario another scenario points to: its name, its path, and the activities it gives no weight.
public struct RelatedScenario: Sendable, Equatable {
    public let name: String
    /// The path as `sensorbench run` takes it (relative to the working folder, as the scenario was given).
    public let file: String
    /// Everyday activities with weight 0 (or not listed) in its timelines.
    public let zeroWeightActivities: Set<String>
    /// Its own answer in one sentence, from its own simulation.
    public let answer: String
}
