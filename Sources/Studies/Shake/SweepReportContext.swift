/// The words a sweep report uses for its study (shake or scribble), and the method paragraph.
package struct SweepReportContext: Sendable {
    /// The summary's first heading.
    package let title: String
    package let description: String
    /// The gesture's name ("shake", "scribble").
    package let gesture: String
    /// What false alarms are counted against ("non-shake motion").
    package let exposure: String
    /// Activity names as labels index them (CSV vocabulary).
    package let activityNames: [String]
    /// Activity phrases for "mostly from …".
    package let activityCauses: [String]
    /// The index of the gesture itself among the activities (left out of false-alarm breakdowns).
    package let truthActivity: Int
    /// How the data were made, in sentences.
    package let method: String
    /// The everyday activities' weights, for the method table.
    package let weights: [(String, Double)]
    /// The core type the JSON snippet decodes into.
    package let configurationType: String
    /// Other scenarios the scenario names (`compareWith`), for an answer that points to a day without the
    /// activity that limits this one.
    package var related: [RelatedScenario] = []
    /// The choice checked on fresh timelines (nil: not checked).
    package var confirmation: SweepConfirmation? = nil
}

/// A scenario another scenario points to: its name, its path, and the activities it gives no weight.
package struct RelatedScenario: Sendable, Equatable {
    package let name: String
    /// The path as `sensorbench run` takes it (relative to the working folder, as the scenario was given).
    package let file: String
    /// Everyday activities with weight 0 (or not listed) in its timelines.
    package let zeroWeightActivities: Set<String>
    /// Its own answer in one sentence, from its own simulation.
    package let answer: String
}
