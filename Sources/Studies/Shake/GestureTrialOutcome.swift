import Stats

/// A labelled stretch of a timeline: which activity (an index into the study's activity list), from when to when.
public struct ActivitySpan: Sendable, Equatable {
    public let activity: Int
    public let startSeconds: Double
    public let endSeconds: Double

    public init(activity: Int, startSeconds: Double, endSeconds: Double) {
        self.activity = activity
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }
}

/// What one timeline (one trial) gave: its ground truth, its labels, and every setting's detection times.
public struct GestureTrialOutcome: Sendable, Equatable {
    public let trialIndex: Int
    public let seed: TrialSeed
    public let durationSeconds: Double
    /// The true gestures, in time order.
    public let truth: [TruthEvent]
    /// Contiguous labels covering the timeline, in time order.
    public let labels: [ActivitySpan]
    /// Detection times per sweep setting (outer index = setting index), s, ascending.
    public let detections: [[Double]]

    public init(
        trialIndex: Int, seed: TrialSeed, durationSeconds: Double, truth: [TruthEvent],
        labels: [ActivitySpan], detections: [[Double]]
    ) {
        self.trialIndex = trialIndex
        self.seed = seed
        self.durationSeconds = durationSeconds
        self.truth = truth
        self.labels = labels
        self.detections = detections
    }

    /// The label in force at time t (the last one starting at or before t), by binary search.
    public func label(at t: Double) -> ActivitySpan? {
        var low = 0
        var high = labels.count
        while low < high {
            let mid = (low + high) / 2
            if labels[mid].startSeconds <= t { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? labels[low - 1] : labels.first
    }
}
