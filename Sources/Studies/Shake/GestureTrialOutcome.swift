import Stats

/// A labelled stretch of a timeline: which activity (an index into the study's activity list), from when to when.
package struct ActivitySpan: Sendable, Equatable {
    package let activity: Int
    package let startSeconds: Double
    package let endSeconds: Double

    package init(activity: Int, startSeconds: Double, endSeconds: Double) {
        self.activity = activity
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }
}

/// What one timeline (one trial) gave: its ground truth, its labels, and every setting's detection times.
package struct GestureTrialOutcome: Sendable, Equatable {
    package let trialIndex: Int
    package let seed: TrialSeed
    package let durationSeconds: Double
    /// The true gestures, in time order.
    package let truth: [TruthEvent]
    /// Contiguous labels covering the timeline, in time order.
    package let labels: [ActivitySpan]
    /// Detection times per sweep setting (outer index = setting index), s, ascending.
    package let detections: [[Double]]

    package init(
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
    package func label(at t: Double) -> ActivitySpan? {
        var low = 0
        var high = labels.count
        while low < high {
            let mid = (low + high) / 2
            if labels[mid].startSeconds <= t { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? labels[low - 1] : labels.first
    }
}
