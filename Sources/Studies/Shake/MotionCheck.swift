import DetectionCore
import FileFormats
import Foundation
import Reporting
import SensorSim
import Stats

/// The simulated motion library checked against real everyday motion (issue 28): for each activity both sides have,
/// the same statistics on MotionSense's recordings and on timelines of the matching simulated activity.
///
/// MotionSense (Malekzadeh et al., "Mobile Sensor Data Anonymization", IoTDI 2019; github.com/mmalekzadeh/motion-sense):
/// an iPhone 6s in the trouser front pocket, Core Motion device motion at 50 Hz, 24 subjects (12 in the project's
/// reference copy) walking, climbing stairs, jogging, sitting and standing. Its `userAcceleration` (g, gravity
/// removed) is what the simulated `userAcceleration` models, so the two are compared directly.
///
/// Statistics, each computed the same way on both sides:
/// - **|a| peaks**: the largest |a| = √(x²+y²+z²) in each whole second (50 samples) of a recording; the report gives
///   the median, 90th and 99th percentile of these per-second peaks (nearest rank on the sorted peaks).
/// - **crossings**: upward crossings of |a| through 0.5, 1 and 1.5 g (a sample below, the next at or above), per
///   minute.
/// - **false alarms per hour**: firings of each shipped detector setting (the shake-everyday scenario's sweep, every
///   kind at its default and stricter) on a fresh detector per recording or timeline; the motion holds no shake,
///   so every firing is a false alarm. A setting that reads raw readings (`raw-magnitude`) is fed the same motion with
///   gravity: MotionSense's `userAcceleration` + `gravity`, the simulated timeline's readings with gravity.
///
/// Two rates "differ by more than a factor of two" when the larger exceeds twice the smaller; a rate of 0 is taken at
/// its resolution, one event over that side's exposure, so 0 against a rate at most twice that resolution is no
/// disagreement (the data cannot tell them apart).
package enum MotionCheck {
    /// One real-against-simulated comparison: a MotionSense activity code and the simulated activity that models it.
    package struct Pair: Sendable {
        /// MotionSense's trial prefix: `wlk`, `ups`, `dws`, `jog`, `sit`, `std`.
        package let code: String
        /// What the row says ("walking (pocket)").
        package let name: String
        package let simulated: MotionActivity
        /// Why the pair is not like for like, when it is not.
        package let caveat: String?
    }

    /// The pairs: MotionSense's six activities against the library's, in report order. The library has no sitting:
    /// sitting is compared with standing still. The library's walking in hand has no pair (no real in-hand walking is
    /// in the data), so nothing checks it.
    package static let pairs: [Pair] = [
        Pair(code: "wlk", name: "walking (pocket)", simulated: .pocketWalk, caveat: nil),
        Pair(code: "ups", name: "upstairs (pocket)", simulated: .stairsUp, caveat: nil),
        Pair(code: "dws", name: "downstairs (pocket)", simulated: .stairsDown, caveat: nil),
        Pair(code: "jog", name: "jogging (pocket)", simulated: .running, caveat: nil),
        Pair(code: "sit", name: "sitting", simulated: .still, caveat: "no sitting in the library"),
        Pair(code: "std", name: "standing", simulated: .still, caveat: nil),
    ]

    /// MotionSense's sample rate, Hz (its README); the simulated timelines use the same rate.
    package static let sampleRateHz = 50.0
    /// The levels whose upward crossings are counted, g.
    package static let crossingLevelsG = [0.5, 1.0, 1.5]
    /// The percentiles of the per-second peaks reported.
    package static let peakPercentiles = [50.0, 90.0, 99.0]
    /// Simulated timelines per activity, and their length, s: 12 × 10 min, two hours a side.
    package static let simulatedTimelines = 12
    package static let simulatedSeconds = 600.0
    /// The seed of the simulated side (each timeline i seeded from it and i, as the studies seed trials).
    package static let seed: UInt64 = 28_2026

    // MARK: - Statistics

    /// The statistics of one side of one activity, accumulated recording by recording.
    package struct Statistics: Sendable, Equatable {
        package var recordings = 0
        package var samples = 0
        /// The per-second peaks of |a|, g, unsorted.
        package var peaksG: [Double] = []
        /// Upward crossings of each of ``crossingLevelsG``.
        package var crossings: [Int]
        /// Firings of each setting.
        package var firings: [Int]

        package init(settings: Int) {
            crossings = [Int](repeating: 0, count: crossingLevelsG.count)
            firings = [Int](repeating: 0, count: settings)
        }

        package var hours: Double { Double(samples) / sampleRateHz / 3600 }

        /// The percentile p of the peaks by nearest rank: the ⌈p/100 · n⌉-th smallest.
        package func peakPercentile(_ p: Double) -> Double {
            guard !peaksG.isEmpty else { return .nan }
            let sorted = peaksG.sorted()
            let rank = max(1, Int((p / 100 * Double(sorted.count)).rounded(.up)))
            return sorted[min(rank, sorted.count) - 1]
        }

        package func crossingsPerMinute(_ level: Int) -> Double { Double(crossings[level]) / (hours * 60) }
        package func falseAlarmsPerHour(_ setting: Int) -> Double { Double(firings[setting]) / hours }

        /// Adds one recording (or timeline): its samples at k / rate, fed to a fresh detector per setting; a setting
        /// that reads raw readings (`inputIncludesGravity`, e.g. `raw-magnitude`) is fed `raw`, the same motion with
        /// gravity included (`samples` when nil). The peaks and crossings are of `samples`.
        ///
        /// - Throws: `ShakeDetectorError` for an invalid setting.
        package mutating func add(
            _ samples: [AccelerationSample], raw: [AccelerationSample]? = nil, settings: [ShakeDetectorConfiguration]
        ) throws(ShakeDetectorError) {
            recordings += 1
            let perSecond = Int(sampleRateHz)
            for second in 0..<(samples.count / perSecond) {
                var peak = 0.0
                for k in (second * perSecond)..<((second + 1) * perSecond) { peak = max(peak, magnitude(samples[k])) }
                peaksG.append(peak)
            }
            var previous = Double.infinity
            for s in samples {
                let m = magnitude(s)
                for (i, level) in crossingLevelsG.enumerated() where previous < level && m >= level { crossings[i] += 1 }
                previous = m
            }
            self.samples += samples.count
            for (i, c) in settings.enumerated() {
                var detector = try ShakeDetector(configuration: c, maximumSampleRateHz: sampleRateHz)
                var fired: [Int] = []
                let fed = c.inputIncludesGravity ? raw ?? samples : samples
                fed.withUnsafeBufferPointer { detector.consume($0, firedAt: &fired) }
                firings[i] += fired.count
            }
        }

        func magnitude(_ s: AccelerationSample) -> Double { (s.x * s.x + s.y * s.y + s.z * s.z).squareRoot() }
    }

    // MARK: - The two sides

    /// MotionSense's recordings of `code` in `folder` (`<code>_<trial>_sub_<n>.csv`), in name order, read as user
    /// acceleration at 50 Hz through the Core Motion dialect, and, when a setting reads raw readings, again with its
    /// `gravity` columns added back (the accelerometer's reading: Core Motion splits it into these two).
    ///
    /// - Throws: ``InputError`` for a bad file, or a folder without recordings of `code`.
    package static func real(
        code: String, folder: URL, settings: [ShakeDetectorConfiguration]
    ) throws -> Statistics {
        let names = try recordings(code: code, folder: folder)
        var statistics = Statistics(settings: settings.count)
        for name in names {
            var sink = Collector()
            _ = try SensorCSVReader.read(
                path: folder.appendingPathComponent(name).path, declaredUnit: nil, rateHz: sampleRateHz,
                need: SensorNeed(.acceleration(includesGravity: false), consumer: "motion-check"), into: &sink)
            var raw: Collector?
            if settings.contains(where: \.inputIncludesGravity) {
                var rawSink = Collector()
                _ = try SensorCSVReader.read(
                    path: folder.appendingPathComponent(name).path, declaredUnit: nil, rateHz: sampleRateHz,
                    need: SensorNeed(.acceleration(includesGravity: true), consumer: "motion-check"), into: &rawSink)
                raw = rawSink
            }
            try statistics.add(sink.samples, raw: raw?.samples, settings: settings)
        }
        return statistics
    }

    /// The file names of `code`'s recordings in `folder`, sorted.
    ///
    /// - Throws: ``InputError`` (66) for a missing folder, (65) for one without such recordings.
    package static func recordings(code: String, folder: URL) throws(InputError) -> [String] {
        guard let all = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw InputError(.missingFile, file: folder.path, problem: "is not a readable folder")
        }
        let names = all.filter { $0.hasPrefix(code + "_") && $0.hasSuffix(".csv") && $0.contains("_sub_") }.sorted()
        guard !names.isEmpty else {
            throw InputError(
                file: folder.path, problem: "holds no MotionSense recordings of \(code) (\(code)_<trial>_sub_<n>.csv)")
        }
        return names
    }

    /// The simulated side: ``simulatedTimelines`` timelines of `activity` alone (no shakes) at 50 Hz, with the
    /// shipped sensor's noise and range, seeded from ``seed`` and the timeline's index.
    ///
    /// - Throws: `StatsError` if a random stream cannot be allocated, `ShakeDetectorError` for an invalid setting.
    package static func simulated(
        _ activity: MotionActivity, settings: [ShakeDetectorConfiguration], ranges: MotionRanges = MotionRanges()
    ) throws -> Statistics {
        var statistics = Statistics(settings: settings.count)
        let parameters = MotionTimelineParameters(
            durationSeconds: simulatedSeconds, sensor: AccelerometerSensor(sampleRateHz: sampleRateHz),
            weights: [activity: 1], shakes: .count(0), ranges: ranges)
        for i in 0..<simulatedTimelines {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(i)))
            let timeline = MotionTimelineGenerator.generate(parameters, stream: stream)
            let raw =
                settings.contains(where: \.inputIncludesGravity)
                ? TimelineSamples(timeline, includesGravity: true).samples : nil
            try statistics.add(TimelineSamples(timeline, includesGravity: false).samples, raw: raw, settings: settings)
        }
        return statistics
    }

    /// Collects a recording's samples as the detectors read them.
    struct Collector: SampleSink {
        var samples: [AccelerationSample] = []
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            samples.append(AccelerationSample(timestampSeconds: timeSeconds, x: x, y: y, z: z))
        }
    }

    // MARK: - Comparison

    /// Whether two rates differ by more than a factor of two; each rate's exposure (hours for a rate per hour,
    /// minutes for one per minute) gives its resolution, one event over it, at which a 0 counts.
    package static func differ(_ a: Double, exposureA: Double, _ b: Double, exposureB: Double) -> Bool {
        switch (a > 0, b > 0) {
        case (false, false): return false
        case (false, true): return b > 2 / exposureA
        case (true, false): return a > 2 / exposureB
        case (true, true): return max(a, b) > 2 * min(a, b)
        }
    }

    /// Whether two positive magnitudes differ by more than a factor of two.
    package static func differ(_ a: Double, _ b: Double) -> Bool {
        guard a > 0, b > 0 else { return a != b }
        return max(a, b) > 2 * min(a, b)
    }

    /// A setting's short label: its kind and the keys it sets away from the kind's defaults,
    /// `threshold-count thresholdG 2 g`, or `window-fraction (defaults)`.
    package static func label(_ c: ShakeDetectorConfiguration) -> String {
        let changed = c.kind.readings.compactMap { r -> String? in
            guard let value = c[r.parameter.key], value != r.defaultValue else { return nil }
            switch value {
            case .real(let x): return "\(r.parameter.key) " + Format.label(x) + (r.parameter.unit.isEmpty ? "" : " " + r.parameter.unit)
            case .count(let n): return "\(r.parameter.key) \(n)"
            case .flag(let b): return "\(r.parameter.key) \(b)"
            }
        }
        return c.kind.rawValue + " " + (changed.isEmpty ? "(defaults)" : changed.joined(separator: ", "))
    }

    // MARK: - Report

    /// One compared row: the pair and both sides.
    package struct Row: Sendable {
        package let pair: Pair
        package let real: Statistics
        package let simulated: Statistics

        package init(pair: Pair, real: Statistics, simulated: Statistics) {
            self.pair = pair
            self.real = real
            self.simulated = simulated
        }

        /// The statistics on which the sides differ by more than a factor of two, by name.
        package func disagreements(_ settings: [ShakeDetectorConfiguration]) -> [String] {
            var out: [String] = []
            for p in peakPercentiles where differ(real.peakPercentile(p), simulated.peakPercentile(p)) {
                out.append("p\(Int(p)) peak")
            }
            for (i, level) in crossingLevelsG.enumerated()
            where differ(
                real.crossingsPerMinute(i), exposureA: real.hours * 60, simulated.crossingsPerMinute(i),
                exposureB: simulated.hours * 60)
            {
                out.append("crossings of \(Format.label(level)) g")
            }
            for (i, c) in settings.enumerated()
            where differ(
                real.falseAlarmsPerHour(i), exposureA: real.hours, simulated.falseAlarmsPerHour(i),
                exposureB: simulated.hours)
            {
                out.append("false alarms of " + label(c))
            }
            return out
        }
    }

    /// The Markdown the command prints and docs/shake.md holds: the signal table, the false-alarm table and the
    /// activities the simulation does not match, each sentence from the numbers.
    package static func markdown(_ rows: [Row], settings: [ShakeDetectorConfiguration]) -> String {
        // Three significant digits, and whole numbers from 100 up (rates of thousands an hour read better whole).
        func n(_ x: Double) -> String {
            x.isNaN ? "—" : x >= 100 ? String(Int(x.rounded())) : Format.general(x, significantDigits: 3)
        }
        var lines = [
            "| activity | simulated as | real h (files) | sim h | \\|a\\| peak p50 real / sim, g | p90 | p99 | "
                + crossingLevelsG.map { "crossings of \(Format.label($0)) g /min" }.joined(separator: " | ") + " |",
            "|---|---|---|---|---|---|---|" + String(repeating: "---|", count: crossingLevelsG.count),
        ]
        for r in rows {
            var cells = [
                r.pair.name, "`\(r.pair.simulated.rawValue)`", "\(n(r.real.hours)) (\(r.real.recordings))",
                n(r.simulated.hours),
            ]
            cells += peakPercentiles.map { "\(n(r.real.peakPercentile($0))) / \(n(r.simulated.peakPercentile($0)))" }
            cells += crossingLevelsG.indices.map {
                "\(n(r.real.crossingsPerMinute($0))) / \(n(r.simulated.crossingsPerMinute($0)))"
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append("False alarms per hour, real / simulated:")
        lines.append("")
        lines.append("| activity | " + settings.map { "`\(label($0))`" }.joined(separator: " | ") + " |")
        lines.append("|---|" + String(repeating: "---|", count: settings.count))
        for r in rows {
            let cells = settings.indices.map { "\(n(r.real.falseAlarmsPerHour($0))) / \(n(r.simulated.falseAlarmsPerHour($0)))" }
            lines.append("| \(r.pair.name) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        var verdicts: [String] = []
        for r in rows {
            let d = r.disagreements(settings)
            let caveat = r.pair.caveat.map { " (\($0))" } ?? ""
            verdicts.append(
                d.isEmpty
                    ? "- \(r.pair.name) against `\(r.pair.simulated.rawValue)`\(caveat): within a factor of two on every statistic."
                    : "- \(r.pair.name) against `\(r.pair.simulated.rawValue)`\(caveat): **does not match** on "
                        + "\(d.count) statistic\(d.count == 1 ? "" : "s"): " + d.joined(separator: ", ") + ".")
        }
        lines += verdicts
        return lines.joined(separator: "\n") + "\n"
    }
}
