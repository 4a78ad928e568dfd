import Foundation
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// Writes a scenario into a fresh temporary folder and loads it.
private func loadScenario(_ json: String) throws -> Scenario {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-sweep-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.json").path
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    return try ScenarioFile.load(path: path)
}

/// Six two-minute shake timelines with 3 shakes each, three settings (one sensitive enough to fire on shakes and
/// on everyday motion, so there are latencies, fragments and false alarms to reduce).
private let shakeJSON = """
    {"study": "shake", "name": "t", "seed": 11, "timelines": 6,
     "timeline": {"minutes": 2, "sampleRateHz": 50, "shakesPerTimeline": 3, "minimumGapSeconds": 10},
     "sweep": [{"kind": "window-fraction", "thresholdG": 0.5, "requiredFraction": 0.5},
               {"kind": "threshold-count"}, {"kind": "reversal", "thresholdG": 0.8}]}
    """

@Suite struct SweepStreamingTests {
    /// The streamed shake report (timelines reduced as the runner releases them, records and `events.csv` on
    /// temporary files) is byte for byte the report of the whole array of outcomes, for 1 and 4 jobs.
    @Test func streamedShakeReportEqualsTheInMemoryOneForAnyJobs() throws {
        let s = try #require(try loadScenario(shakeJSON).study as? ShakeScenario)
        let outcomes = try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 1))
        let reference = try s.report(outcomes)
        // The events file lists every true gesture of the recommended setting's timelines: 6 × 3 of them.
        let events = try #require(reference.contents(of: "events.csv"))
        #expect(events.split(separator: "\n").filter { $0.contains("true-shake") }.count == 18)
        for jobs in [1, 4] {
            let streamed = try s.report(runner: MonteCarloRunner(jobs: jobs))
            #expect(streamed.paths == reference.paths)
            for path in reference.paths {
                #expect(streamed.contents(of: path) == reference.contents(of: path), "\(path) differs, \(jobs) jobs")
            }
        }
    }

    /// The same for a scribble sweep (its own study code, the same stream).
    @Test func streamedScribbleReportEqualsTheInMemoryOne() throws {
        let json = #"""
            {"study": "scribble", "name": "t", "seed": 3, "timelines": 5, "timeline": {"minutes": 1},
             "sweep": [{"requiredReversals": [2, 3]}]}
            """#
        let s = try #require(try loadScenario(json).study as? ScribbleScenario)
        let reference = try s.report(try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 1)))
        let streamed = try s.report(runner: MonteCarloRunner(jobs: 4))
        #expect(streamed.paths == reference.paths)
        for path in reference.paths { #expect(streamed.contents(of: path) == reference.contents(of: path), "\(path) differs") }
    }

    /// Latencies spilled to disk after one value give every median and 95th percentile bit for bit as the
    /// latencies sorted in memory (`DetectionMetrics(latenciesSeconds:)`, GSL on the whole array); the other
    /// totals agree too.
    @Test func spilledLatenciesGiveTheSameMetrics() throws {
        let s = try #require(try loadScenario(shakeJSON).study as? ShakeScenario)
        let outcomes = try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 2))
        var spilled = SweepAnalysis.Accumulator(
            settings: ShakeStudy.settings(s), activityCount: ShakeTrial.activities.count,
            toleranceBeforeSeconds: s.toleranceBeforeSeconds, toleranceAfterSeconds: s.toleranceAfterSeconds,
            rule: s.rule, memoryLimit: 1)
        for o in outcomes { try spilled.add(o) }
        let a = try spilled.finish()
        // The reference: each setting's latencies collected by hand from the matcher, summarised in memory.
        for (k, m) in a.metrics.enumerated() {
            var latencies: [Double] = []
            for o in outcomes {
                let match = GestureMatcher.match(
                    truth: o.truth, detections: o.detections[k], toleranceBeforeSeconds: s.toleranceBeforeSeconds,
                    toleranceAfterSeconds: s.toleranceAfterSeconds)
                for (j, status) in match.detectionStatus.enumerated() where status == .truePositive {
                    if let i = match.detectionEvent[j] { latencies.append(o.detections[k][j] - o.truth[i].startSeconds) }
                }
            }
            let reference = try DetectionMetrics(
                truePositives: m.truePositives, falseAlarms: m.falseAlarms, misses: m.misses, fragments: m.fragments,
                latenciesSeconds: latencies, exposureHours: m.exposureHours)
            #expect(latencies.count == m.truePositives)
            #expect(m.latencyMedianSeconds?.bitPattern == reference.latencyMedianSeconds?.bitPattern, "setting \(k)")
            #expect(m.latencyP95Seconds?.bitPattern == reference.latencyP95Seconds?.bitPattern, "setting \(k)")
        }
        // The sensitive setting catches shakes, so some latencies were spilled and selected from disk.
        #expect(a.metrics[0].truePositives >= 2)
        #expect(a.metrics[0].latencyMedianSeconds != nil)
    }

    /// The records kept on the temporary file read back as exactly the outcomes added, in order.
    @Test func replayGivesBackTheOutcomes() throws {
        let s = try #require(try loadScenario(shakeJSON).study as? ShakeScenario)
        let outcomes = try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 2))
        var stream = try SweepStream(accumulator: ShakeStudy.accumulator(s), scenarioSeed: s.seed)
        for o in outcomes { try stream.add(o) }
        var back: [GestureTrialOutcome] = []
        try stream.replay { back.append($0) }
        #expect(back == outcomes)
    }

    /// Timelines whose words span many of the temporary file's 1 MiB read chunks come back exactly too: 6000
    /// made-up outcomes of 0 to 40 detections a setting (more than 2 MiB of words), with negative zero, a
    /// subnormal and the largest double among the times.
    @Test func replayAcrossReadChunks() throws {
        let s = try #require(try loadScenario(shakeJSON).study as? ShakeScenario)
        var stream = try SweepStream(accumulator: ShakeStudy.accumulator(s), scenarioSeed: s.seed)
        let odd: [Double] = [-0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var outcomes: [GestureTrialOutcome] = []
        for i in 0..<6000 {
            let detections = (0..<3).map { k in
                (0..<((i * 7 + k * 13) % 41)).map { Double($0) * 0.37 + Double(k) } + (i % 97 == 0 ? odd : [])
            }
            let truth = (0..<(i % 4)).map { TruthEvent(startSeconds: Double($0) * 10, endSeconds: Double($0) * 10 + 1.5) }
            let labels = (0..<(i % 5 + 1)).map {
                ActivitySpan(activity: $0 % 9, startSeconds: Double($0) * 3, endSeconds: Double($0) * 3 + 3)
            }
            let o = GestureTrialOutcome(
                trialIndex: i, seed: TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(i)), durationSeconds: 120,
                truth: truth, labels: labels, detections: detections)
            try stream.add(o)
            outcomes.append(o)
        }
        #expect(stream.records.count > 2 << 20)
        var back: [GestureTrialOutcome] = []
        try stream.replay { back.append($0) }
        #expect(back.count == outcomes.count)
        #expect(back == outcomes)
        // Negative zero keeps its sign (== alone would not tell).
        #expect(back[0].detections[0].suffix(3).first?.sign == .minus)
    }
}
