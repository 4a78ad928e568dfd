/// One true gesture (a deliberate shake or scribble) on a timeline, s.
package struct TruthEvent: Sendable, Equatable {
    package let startSeconds: Double
    package let endSeconds: Double

    package init(startSeconds: Double, endSeconds: Double) {
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }
}

/// What a detection turned out to be.
package enum DetectionStatus: String, Sendable, Equatable {
    /// The first detection matched to a true gesture.
    case truePositive = "true-positive"
    /// A further detection inside the window of a gesture that is already matched (the user sees the gesture
    /// fire twice). Counted apart: neither a true positive nor a false alarm.
    case fragment
    /// A detection inside no gesture's window.
    case falseAlarm = "false-alarm"
}

/// The one-to-one matching of one timeline's detections with its true gestures.
package struct MatchResult: Sendable, Equatable {
    /// Status of each detection, in the order given.
    package let detectionStatus: [DetectionStatus]
    /// The true gesture each detection was matched to (true positive) or fell inside (fragment); nil for a
    /// false alarm.
    package let detectionEvent: [Int?]
    /// The detection matched to each true gesture; nil when the gesture was missed.
    package let eventDetection: [Int?]

    package var truePositives: Int { eventDetection.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    package var misses: Int { eventDetection.count - truePositives }
    package var fragments: Int { detectionStatus.reduce(0) { $0 + ($1 == .fragment ? 1 : 0) } }
    package var falseAlarms: Int { detectionStatus.reduce(0) { $0 + ($1 == .falseAlarm ? 1 : 0) } }
}

/// Matches detections to true gestures within a tolerance window, one to one.
///
/// Gesture i accepts detections in [startᵢ − before, endᵢ + after] (default before 0, after 0.5 s: from the
/// onset to half a second after the gesture ends, since a detector needs a little evidence and may decide just
/// after the motion stops). Detections are taken in time order; each is matched to the unmatched gesture
/// whose window contains it and closes first (ties: the earlier start). This earliest-deadline greedy rule
/// gives a maximum matching of points to intervals (the classic exchange argument: any matching can be
/// rewritten to use the window that closes first without losing a pair), so overlapping windows never cost a
/// true positive. A detection whose containing windows are all matched is a fragment of the latest-starting of
/// them; a detection in no window is a false alarm.
package enum GestureMatcher {
    /// Matches one timeline.
    ///
    /// - Parameters:
    ///   - truth: the true gestures (any order; indices refer to this array).
    ///   - detections: detection times, s (any order; statuses refer to this array).
    ///   - toleranceBeforeSeconds: how long before a gesture's start a detection still counts, s (≥ 0).
    ///   - toleranceAfterSeconds: how long after a gesture's end a detection still counts, s (≥ 0).
    /// - Returns: the matching.
    package static func match(
        truth: [TruthEvent], detections: [Double], toleranceBeforeSeconds: Double = 0,
        toleranceAfterSeconds: Double = 0.5
    ) -> MatchResult {
        var status = [DetectionStatus](repeating: .falseAlarm, count: detections.count)
        var detectionEvent = [Int?](repeating: nil, count: detections.count)
        var eventDetection = [Int?](repeating: nil, count: truth.count)
        let order = detections.indices.sorted { (detections[$0], $0) < (detections[$1], $1) }
        for j in order {
            let t = detections[j]
            var bestOpen: Int?
            var latestMatched: Int?
            for (i, e) in truth.enumerated() {
                guard t >= e.startSeconds - toleranceBeforeSeconds, t <= e.endSeconds + toleranceAfterSeconds else {
                    continue
                }
                if eventDetection[i] == nil {
                    if let b = bestOpen {
                        let current = truth[b]
                        if (e.endSeconds, e.startSeconds) < (current.endSeconds, current.startSeconds) { bestOpen = i }
                    } else {
                        bestOpen = i
                    }
                } else if latestMatched.map({ truth[$0].startSeconds < e.startSeconds }) ?? true {
                    latestMatched = i
                }
            }
            if let i = bestOpen {
                eventDetection[i] = j
                detectionEvent[j] = i
                status[j] = .truePositive
            } else if let i = latestMatched {
                detectionEvent[j] = i
                status[j] = .fragment
            }
        }
        return MatchResult(detectionStatus: status, detectionEvent: detectionEvent, eventDetection: eventDetection)
    }
}
