import Foundation
import MonteCarlo
import Stats

/// Part-file records for gesture timelines (shake and scribble), so sharded runs merge bit for bit.
///
/// One line a timeline: `index;seed;duration;truth;labels;detections`, doubles as exact hex bit patterns,
/// `truth` = `start:end` pairs joined by `|`, `labels` = `activity:start:end` joined by `|`, `detections` = one
/// space-separated list of detection times per detector setting, joined by `|`.
extension GestureTrialOutcome {
    static let recordColumns = "index;seed;duration;truth;labels;detections"

    var record: String {
        let e = ExactDouble.encode
        let truthText = truth.map { "\(e($0.startSeconds)):\(e($0.endSeconds))" }.joined(separator: "|")
        let labelText = labels.map { "\($0.activity):\(e($0.startSeconds)):\(e($0.endSeconds))" }.joined(separator: "|")
        let detectionText = detections.map { $0.map(e).joined(separator: " ") }.joined(separator: "|")
        return "\(trialIndex);\(seed.value);\(e(durationSeconds));\(truthText);\(labelText);\(detectionText)"
    }

    /// Parses a record written by ``record`` for trial `index` of a scenario with `scenarioSeed` and `settings`
    /// detector settings; `nil` when anything does not fit.
    init?(record: String, index: Int, scenarioSeed: UInt64, settings: Int) {
        let f = record.split(separator: ";", omittingEmptySubsequences: false)
        let seed = TrialSeed(scenarioSeed: scenarioSeed, trialIndex: UInt64(index))
        guard f.count == 6, Int(f[0]) == index, UInt32(f[1]) == seed.value, let duration = ExactDouble.decode(f[2]) else {
            return nil
        }
        func list(_ text: Substring, _ separator: Character) -> [Substring] {
            text.isEmpty ? [] : text.split(separator: separator, omittingEmptySubsequences: false)
        }
        var truth: [TruthEvent] = []
        for item in list(f[3], "|") {
            let p = item.split(separator: ":")
            guard p.count == 2, let a = ExactDouble.decode(p[0]), let b = ExactDouble.decode(p[1]) else { return nil }
            truth.append(TruthEvent(startSeconds: a, endSeconds: b))
        }
        var labels: [ActivitySpan] = []
        for item in list(f[4], "|") {
            let p = item.split(separator: ":")
            guard p.count == 3, let activity = PartCount.decode(p[0]), let a = ExactDouble.decode(p[1]), let b = ExactDouble.decode(p[2])
            else { return nil }
            labels.append(ActivitySpan(activity: activity, startSeconds: a, endSeconds: b))
        }
        // With one setting and no detections the field is empty: that is one empty list, not none.
        let perSetting = f[5].split(separator: "|", omittingEmptySubsequences: false)
        guard perSetting.count == settings else { return nil }
        var detections: [[Double]] = []
        for item in perSetting {
            var times: [Double] = []
            for text in list(item, " ") {
                guard let t = ExactDouble.decode(text) else { return nil }
                times.append(t)
            }
            detections.append(times)
        }
        self.init(trialIndex: index, seed: seed, durationSeconds: duration, truth: truth, labels: labels, detections: detections)
    }
}
