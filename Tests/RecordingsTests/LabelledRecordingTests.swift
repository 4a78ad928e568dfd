import DetectionCore
import Foundation
import Testing

@testable import FileFormats
@testable import Recordings
@testable import Studies

/// Labelled recordings scored as the shake study scores its timelines, in every layout a team records in; and the
/// shipped sweep over labelled recordings.
@Suite struct LabelledRecordingTests {
    /// A fresh folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @discardableResult
    static func write(_ text: String, _ name: String, in url: URL) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    // MARK: - The hand-calculated recording

    /// 20 s at 50 Hz, still (|a| = 0 user acceleration) except single-sample spikes of 2 g along x at these seconds
    /// after the clock's start t₀. Each spike is one excursion above 1.5 g (threshold-count) and one hit (raw
    /// magnitude with gravity: 3 g against 1 g).
    static let spikes = [2.0, 2.2, 3.0, 3.2, 8.5, 8.7, 11.0, 11.2, 17.0, 17.2]
    /// Labels (seconds after t₀): shakes 2–3, 8–9 and 14–15 s, walking 10–13 s; the rest unlabelled.
    static let labelSpans: [(Double, Double, String)] = [
        (2, 3, "shake"), (8, 9, "shake"), (10, 13, "walking"), (14, 15, "shake"),
    ]
    static let rateHz = 50.0
    static let sampleCount = 1001

    /// The detector: 2 excursions above 1.5 g within 1 s, 0.5 s cooldown (threshold-count, user acceleration).
    static var thresholdCount: ShakeDetectorConfiguration {
        var c = ShakeDetectorConfiguration(kind: .thresholdCount)
        c.thresholdG = 1.5
        c.requiredCount = 2
        c.windowSeconds = 1
        c.cooldownSeconds = 0.5
        return c
    }

    /// The same on raw readings: 2 samples at or above 2.5 g within 1 s (raw-magnitude, gravity included).
    static var rawMagnitude: ShakeDetectorConfiguration {
        var c = ShakeDetectorConfiguration.rawMagnitudeDefault
        c.thresholdG = 2.5
        c.requiredCount = 2
        c.windowSeconds = 1
        c.cooldownSeconds = 0.5
        return c
    }

    /// The layouts, each with its own clock start and where its labels are.
    enum Dialect: String, CaseIterable, Sendable {
        case sensorLoggerCSV, sensorLoggerJSON, phyphox, coreMotion, microbit
    }

    static func isSpike(_ k: Int) -> Bool { spikes.contains { Int(($0 * rateHz).rounded()) == k } }

    /// Writes the recording and its labels in `dialect`'s layout; returns the recording's path, the clock start,
    /// the detector and the unit to declare.
    static func fixture(_ d: Dialect, in dir: URL) throws -> (String, Double, ShakeDetectorConfiguration, RecordingUnit?) {
        let g = 9.80665
        func plainLabels(_ t0: Double) -> String {
            "start,end,label\n" + labelSpans.map { "\(t0 + $0.0),\(t0 + $0.1),\($0.2)\n" }.joined()
        }
        func annotations(_ t0: Double) -> [(Double, String)] {
            labelSpans.flatMap { [(t0 + $0.0, $0.2), (t0 + $0.1, $0.2)] }.sorted { $0.0 < $1.0 }
        }
        switch d {
        case .sensorLoggerCSV:
            // Sensor Logger: m/s², seconds_elapsed from 0.5 s; Annotation.csv with "shake" and "walking" taps.
            let t0 = 0.5
            var csv = "time,seconds_elapsed,z,y,x\n"
            for k in 0..<sampleCount {
                csv += "\(1_700_000_000_000_000_000 + k * 20_000_000),\(t0 + Double(k) / rateHz),0,0,\(isSpike(k) ? 2 * g : 0)\n"
            }
            let path = try write(csv, "sl/Accelerometer.csv", in: dir)
            var notes = "time,seconds_elapsed,text,millisecond_press_duration\n"
            for (t, text) in annotations(t0) { notes += "\(1_700_000_000_000_000_000 + Int((t - t0) * 1e9)),\(t),\(text),150\n" }
            try write(notes, "sl/Annotation.csv", in: dir)
            return (path, t0, thresholdCount, nil)
        case .sensorLoggerJSON:
            let t0 = 1.25
            var items: [String] = []
            for k in 0..<sampleCount {
                items.append(
                    "{\"sensor\":\"Accelerometer\",\"time\":\"\(1_700_000_000_000_000_000 + k * 20_000_000)\","
                        + "\"seconds_elapsed\":\"\(t0 + Double(k) / rateHz)\",\"z\":\"0\",\"y\":\"0\",\"x\":\"\(isSpike(k) ? 2 * g : 0)\"}")
            }
            for (t, text) in annotations(t0) {
                items.append(
                    "{\"sensor\":\"Annotation\",\"time\":\"0\",\"seconds_elapsed\":\"\(t)\",\"text\":\"\(text)\",\"millisecond_press_duration\":\"90\"}"
                )
            }
            return (try write("[" + items.joined(separator: ",") + "]", "export.json", in: dir), t0, thresholdCount, nil)
        case .phyphox:
            let t0 = 0.0
            var csv =
                "\"Time (s)\",\"Linear Acceleration x (m/s^2)\",\"Linear Acceleration y (m/s^2)\",\"Linear Acceleration z (m/s^2)\"\n"
            for k in 0..<sampleCount {
                csv +=
                    [t0 + Double(k) / rateHz, isSpike(k) ? 2 * g : 0, 0, 0].map { String(format: "%.9E", $0) }.joined(separator: ",") + "\n"
            }
            try write(plainLabels(t0), "Linear Acceleration.labels.csv", in: dir)
            return (try write(csv, "Linear Acceleration.csv", in: dir), t0, thresholdCount, nil)
        case .coreMotion:
            // A student app's device-motion CSV: seconds since boot, user acceleration in g.
            let t0 = 86_400.0
            var csv = "timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
            for k in 0..<sampleCount { csv += "\(t0 + Double(k) / rateHz),\(isSpike(k) ? 2 : 0),0,0\n" }
            try write(plainLabels(t0), "motion.labels.csv", in: dir)
            return (try write(csv, "motion.csv", in: dir), t0, thresholdCount, nil)
        case .microbit:
            // The micro:bit recording converted to g (t_s,x,y,z, gravity included: 1 g at rest, spikes of 3 g).
            let t0 = 0.001
            var csv = "t_s,x,y,z\n"
            for k in 0..<sampleCount { csv += "\(t0 + Double(k) / rateHz),0,0,\(isSpike(k) ? -3 : -1)\n" }
            try write(plainLabels(t0), "shake-generic-g.labels.csv", in: dir)
            return (try write(csv, "shake-generic-g.csv", in: dir), t0, rawMagnitude, .g)
        }
    }

    /// Hand calculation (times after t₀). Each pair of spikes fires at its second spike (k = 2 excursions within
    /// 1 s), the cooldown (0.5 s) never covering the next pair: firings at 2.2, 3.2, 8.7, 11.2, 17.2 s.
    /// Matching (from a shake's start to 0.5 s after its end, one to one): 2.2 s is shake 1's true positive
    /// (latency 0.2 s), 3.2 s falls in shake 1's window after it was matched (a fragment), 8.7 s is shake 2's
    /// (latency 0.7 s), shake 3 (14–15 s) is missed, 11.2 s is a false alarm while walking and 17.2 s one in
    /// unlabelled time. So recall = 2/3; false alarms per hour = 2 / ((20 − 3 s of shakes)/3600) = 7200/17 =
    /// 423.53; latency median (0.2 + 0.7)/2 = 0.45 s, 95th percentile (type 7) 0.2 + 0.95·0.5 = 0.675 s;
    /// 1 fragment; by label: walking 1 in 3 s = 1200/h, unlabelled 1 in 20 − 3 − 3 = 14 s = 3600/14 = 257.14/h.
    @Test(arguments: Dialect.allCases)
    func scoresMatchTheHandCalculation(_ dialect: Dialect) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, t0, configuration, unit) = try Self.fixture(dialect, in: dir)
        let labels = try #require(try RecordingLabels.beside(recording: path), "no labels found beside \(path)")
        let replay = try ShakeReplay(path: path, unit: unit, configuration: configuration, labels: labels)
        let times = replay.events.map { $0.timeSeconds - t0 }
        let expected = [2.2, 3.2, 8.7, 11.2, 17.2]
        #expect(times.count == expected.count && zip(times, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(times)")
        let score = try #require(replay.score)
        let m = score.metrics
        #expect(m.truePositives == 2 && m.misses == 1 && m.falseAlarms == 2 && m.fragments == 1)
        #expect(abs((m.recall ?? 0) - 2.0 / 3) < 1e-12)
        #expect(abs((m.falseAlarmsPerHour ?? 0) - 7200.0 / 17) < 1e-6)
        #expect(abs((m.latencyMedianSeconds ?? 0) - 0.45) < 1e-6)
        #expect(abs((m.latencyP95Seconds ?? 0) - 0.675) < 1e-6)
        let walking = try #require(score.activities.firstIndex(of: "walking"))
        let unlabelled = try #require(score.activities.firstIndex(of: "unlabelled"))
        #expect(abs((score.analysis.falseAlarmsPerActivityHour(setting: 0, activity: walking) ?? 0) - 1200) < 1e-6)
        #expect(abs((score.analysis.falseAlarmsPerActivityHour(setting: 0, activity: unlabelled) ?? 0) - 3600.0 / 14) < 1e-6)
        // The report: a status per event and the signal chart.
        let files = try ReplayReport.render(.shake(replay), configurationFile: "c.json")
        let csv = try #require(files.contents(of: "events.csv"))
        #expect(csv.hasPrefix("event,time_s,magnitude_g,status,label,shake,latency_s\n"))
        #expect(csv.components(separatedBy: "false-alarm").count - 1 == 2 && csv.contains("fragment"))
        #expect(files.contents(of: "signal.svg")?.contains("<svg") == true)
        #expect(files.contents(of: "summary.md")?.contains("Recall **67% [") == true)
    }

    // MARK: - Bad labels

    /// Every bad labels file is one line naming the file, line and field.
    @Test func badLabelsAreOneLineNamingFileLineAndField() throws {
        let cases: [(String, String, Int?, String)] = [
            ("start,end,label\n1,2,shake\n3,x,walking\n", "end", 3, "not a number of seconds"),
            ("start,end,label\n1,2,shake\n3,2.5,walking\n", "end", 3, "must be after start"),
            ("start,end,label\n1,2,shake\n1.5,3,walking\n", "start", 3, "overlaps"),
            ("start,end,label\n1,2,\n", "label", 2, "is empty"),
            ("begin,end,label\n1,2,shake\n", "start", 1, "no start column"),
            ("start,end,label\n1,2\n", "", 2, "has 2 fields"),
            (
                "time,seconds_elapsed,text,millisecond_press_duration\n1,1.0,shake,100\n2,2.0,shake,100\n3,3.0,shake,100\n",
                "text", 4, "no later \"shake\" annotation closes"
            ),
            (
                "time,seconds_elapsed,text,millisecond_press_duration\n1,2.0,shake,100\n2,1.0,shake,100\n",
                "seconds_elapsed", 3, "goes backwards"
            ),
        ]
        for (text, field, line, problem) in cases {
            do {
                _ = try RecordingLabels.parse(text, file: "l.csv")
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.file == "l.csv" && error.field == field && error.line == line, "\(error)")
                #expect(error.description.contains(problem) && !error.description.contains("\n"), "\(error)")
                #expect(ExitCode(error) == .dataError)
            }
        }
        // Annotations pair up by text: two stretches of "shake" and one of "walking" inside the first.
        let paired = try RecordingLabels.parse(
            "time,seconds_elapsed,text,millisecond_press_duration\n0,1,shake,1\n0,2,shake,1\n0,3,walking,1\n"
                + "0,5,walking,1\n0,6,shake,1\n0,7.5,shake,1\n", file: "Annotation.csv")
        #expect(paired.labels.map { [$0.startSeconds, $0.endSeconds] } == [[1, 2], [3, 5], [6, 7.5]])
        #expect(paired.labels.map(\.text) == ["shake", "walking", "shake"])
        // An empty Annotation.csv (Sensor Logger writes one when nothing was annotated) has no labels.
        #expect(try RecordingLabels.parse("", file: "Annotation.csv").labels.isEmpty)
    }

    /// A label outside the recording's span is refused naming its line: the usual cause is another time base.
    @Test func labelOutsideTheRecordingIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, _, configuration, unit) = try Self.fixture(.coreMotion, in: dir)
        let labels = try RecordingLabels.parse("start,end,label\n2,3,shake\n", file: "bad.labels.csv")
        do {
            _ = try ShakeReplay(path: path, unit: unit, configuration: configuration, labels: labels)
            Issue.record("accepted a label at 2–3 s on a recording from 86400 s")
        } catch {
            #expect(error.file == "bad.labels.csv" && error.line == 2 && error.description.contains("own time base"))
        }
    }

    // MARK: - Sweeps

    /// A sweep over two copies of the hand-calculated micro:bit recording (generic `t_s,x,y,z`, so each entry
    /// declares `"unit": "g"`), one to choose on and one to confirm on, with the raw-magnitude setting of the hand
    /// calculation: each copy gives 2 true positives, 1 miss, 2 false alarms and 1 fragment, so the selection and
    /// the confirmation both have recall 2/3 and 2 false alarms in 17 s. Without the unit the entry is refused.
    @Test func sweepOverHandCalculatedRecordingsWithADeclaredUnit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a", "b"] { _ = try Self.fixture(.microbit, in: dir.appendingPathComponent(name)) }
        let entry = { (name: String) in "{\"recording\": \"\(name)/shake-generic-g.csv\", \"unit\": \"g\"}" }
        let sweep = try Self.write(
            "{\"name\": \"hand\", \"choose\": [\(entry("a"))], \"confirm\": [\(entry("b"))], \"sweep\": [{\"kind\": "
                + "\"raw-magnitude\", \"thresholdG\": 2.5, \"requiredCount\": 2, \"windowSeconds\": 1, \"cooldownSeconds\": 0.5}]}",
            "sweep.json", in: dir)
        let result = try RecordingSweep.load(path: sweep).run()
        for m in [result.analysis.metrics[0], result.confirmation.fresh.metrics[0]] {
            #expect(m.truePositives == 2 && m.misses == 1 && m.falseAlarms == 2 && m.fragments == 1)
            #expect(abs((m.falseAlarmsPerHour ?? 0) - 7200.0 / 17) < 1e-6)
        }
        let bad = try Self.write(
            "{\"name\": \"hand\", \"choose\": [{\"recording\": \"a/shake-generic-g.csv\", \"unit\": \"rad/s\"}], "
                + "\"confirm\": [\(entry("b"))], \"sweep\": [{\"kind\": \"raw-magnitude\"}]}", "bad.json", in: dir)
        #expect(throws: InputError.self) { try RecordingSweep.load(path: bad) }
    }

    // MARK: - The shipped sweep

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shipped = root.appendingPathComponent("Scenarios/recordings/labelled")

    /// The shipped labelled recordings are exactly what the documented generator writes.
    @Test func shippedLabelledSamplesAreTheGeneratorsOutput() throws {
        let files = try LabelledSamples.render()
        for path in files.paths {
            let shipped = try String(contentsOf: Self.shipped.appendingPathComponent(path), encoding: .utf8)
            #expect(shipped == files.contents(of: path), "\(path) differs from the generator's output")
        }
    }

    /// The shipped sweep chooses on four recordings and confirms on the other two; each recording's labelled shakes
    /// are the generator's truth (three per recording), so the sweep counts 4 × 3 = 12 shakes to choose on and
    /// 2 × 3 = 6 to confirm on, and the report says so.
    @Test func shippedSweepChoosesAndConfirms() throws {
        let sweep = try RecordingSweep.load(path: Self.shipped.appendingPathComponent("sweep.json").path)
        #expect(sweep.choose.count == 4 && sweep.confirm.count == 2)
        let result = try sweep.run()
        #expect(result.analysis.timelineCount == 4 && result.analysis.truthCount == 12)
        #expect(result.confirmation.fresh.timelineCount == 2 && result.confirmation.fresh.truthCount == 6)
        #expect(result.confirmation.dayCounts.first?.days == 2)
        let summary = try #require(result.files.contents(of: "summary.md"))
        #expect(summary.contains("Chosen on 4 timelines; confirmed on 2 fresh ones (the recordings set aside"))
        // Each confirmation recording is judged alone; with 2 of them, even 2 of 2 has a Wilson low end of
        // 2/(2 + 1.96²) = 0.34 < 0.8, so the report names the number of recordings as what stops the choice.
        #expect(summary.contains("On the 2 confirmation recordings, each judged alone"))
        #expect(summary.contains("what stops it is the number of recordings: even 2 of 2 cannot show 80% (at least 17 are needed)"))
        #expect(!summary.contains("fresh day of 1 timeline"))
        for k in 1...6 { #expect(result.files.contents(of: "signal-\(k).svg")?.contains("<svg") == true) }
        // The chosen setting's recall on the recordings it was chosen on, recomputed from the shipped truth.
        let chosen = result.analysis.metrics[result.analysis.recommended]
        #expect(chosen.truePositives + chosen.misses == 12)
    }
}
