import FileFormats
import Stats
import Studies

/// A labelled recording as the shake study's timeline: its `shake` labels are the true gestures, every other label
/// is an activity false alarms are counted in, and time under no label is `unlabelled`.
///
/// So a recording goes through the study's own matching and statistics (``GestureMatcher``, ``SweepAnalysis``,
/// ``DetectionMetrics``): recall with its effective-n Wilson interval over recordings, false alarms per hour over the time outside shakes with
/// the quasi-Poisson interval over recordings, false alarms per hour by label, latency from the label's start, and
/// fragments.
package enum LabelledTimeline {
    /// The label text (compared case-insensitively) that marks a deliberate shake.
    package static let gestureLabel = "shake"
    /// The activity of time under no label.
    package static let unlabelled = "unlabelled"

    /// The activities of a set of recordings' labels: `shake` first (the study's truth activity), the other label
    /// texts in sorted order (lower-cased), then `unlabelled`.
    package static func activityNames(_ sets: [RecordingLabels]) -> [String] {
        var others = Set<String>()
        for set in sets {
            for l in set.labels where !isGesture(l) { others.insert(l.text.lowercased()) }
        }
        others.remove(unlabelled)
        return [gestureLabel] + others.sorted() + [unlabelled]
    }

    static func isGesture(_ l: RecordingLabel) -> Bool { l.text.lowercased() == gestureLabel }

    /// One recording's timeline: its shakes, its labels covering it from the first sample to the last (gaps filled
    /// with `unlabelled`), and the detection times of each setting.
    ///
    /// Labels are clipped to the recording's span; a label wholly outside it is refused (the usual cause: times in
    /// another time base than the recording's).
    /// - Parameters:
    ///   - labels: the recording's labels.
    ///   - info: what the import found (first and last sample times, in the recording's own time base).
    ///   - detections: detection times per setting, s.
    ///   - index: the timeline's index (the recording's position in its set).
    ///   - activities: the activity names (``activityNames(_:)`` over every recording of the set).
    /// - Throws: ``InputError`` naming the labels file and line of a label outside the recording.
    package static func outcome(
        labels: RecordingLabels, info: RecordingInfo, detections: [[Double]], index: Int, activities: [String]
    ) throws(InputError) -> GestureTrialOutcome {
        let first = info.firstTimeSeconds
        let last = info.lastTimeSeconds
        var truth: [TruthEvent] = []
        var spans: [ActivitySpan] = []
        let gap = activities.firstIndex(of: unlabelled) ?? activities.count - 1
        var cursor = first
        for l in labels.labels {
            guard l.endSeconds > first, l.startSeconds < last else {
                throw InputError(
                    file: labels.file, line: l.line, field: "start",
                    problem: "\"\(l.text)\" (\(l.startSeconds)–\(l.endSeconds) s) lies outside the recording "
                        + "\(info.file) (\(first)–\(last) s); label times are in the recording's own time base")
            }
            let start = max(first, l.startSeconds)
            let end = min(last, l.endSeconds)
            if start > cursor { spans.append(ActivitySpan(activity: gap, startSeconds: cursor, endSeconds: start)) }
            let activity = isGesture(l) ? 0 : activities.firstIndex(of: l.text.lowercased()) ?? gap
            spans.append(ActivitySpan(activity: activity, startSeconds: start, endSeconds: end))
            if isGesture(l) { truth.append(TruthEvent(startSeconds: start, endSeconds: end)) }
            cursor = end
        }
        if last > cursor { spans.append(ActivitySpan(activity: gap, startSeconds: cursor, endSeconds: last)) }
        return GestureTrialOutcome(
            trialIndex: index, seed: TrialSeed(scenarioSeed: 0, trialIndex: UInt64(index)),
            durationSeconds: last - first, truth: truth, labels: spans, detections: detections)
    }
}
