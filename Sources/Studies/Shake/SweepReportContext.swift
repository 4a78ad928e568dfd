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
    /// Where the fresh timelines came from, in words, when they are not the scenario's own seed stream (recorded
    /// timelines set aside for the confirmation); nil: the seed stream.
    package var freshSource: String? = nil
    /// Whether the method lists the simulated activities' weights (false for recorded timelines, which have none).
    package var showsWeights = true
    /// How the timelines' hours came about, in the report's sentences: "simulated", or "recorded".
    package var hoursWord = "simulated"
    /// What one fresh day is when it is not a simulated day of the scenario's size: "confirmation recording" for
    /// recorded timelines, each judged alone; nil: fresh days of the scenario's size.
    package var freshDayNoun: String? = nil
    /// The simulated false-alarm rates' real-motion reference (shake reports whose scenario names one).
    package var realMotion: RealMotionComparison? = nil
    /// Each setting's label in the reference's vocabulary (``MotionCheck/label(_:)``), for ``realMotion``.
    package var realMotionLabels: [String] = []

    /// The words of a report (what the memberwise initialiser took, `package` so recorded sweeps can build one).
    package init(
        title: String, description: String, gesture: String, exposure: String, activityNames: [String],
        activityCauses: [String], truthActivity: Int, method: String, weights: [(String, Double)],
        configurationType: String, related: [RelatedScenario] = [], confirmation: SweepConfirmation? = nil,
        freshSource: String? = nil, showsWeights: Bool = true, hoursWord: String = "simulated"
    ) {
        self.title = title
        self.description = description
        self.gesture = gesture
        self.exposure = exposure
        self.activityNames = activityNames
        self.activityCauses = activityCauses
        self.truthActivity = truthActivity
        self.method = method
        self.weights = weights
        self.configurationType = configurationType
        self.related = related
        self.confirmation = confirmation
        self.freshSource = freshSource
        self.showsWeights = showsWeights
        self.hoursWord = hoursWord
    }
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
