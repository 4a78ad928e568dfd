import CBenchReference
import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

extension Benchmark {
    // MARK: - Shake kinds against C

    /// The settings a shake kind's C loop must match the Swift detector on, firing time for firing time: every
    /// setting of that kind in the sweep that reads user acceleration (the C loops remove no gravity); for
    /// raw-magnitude, which reads raw readings and removes none, every such setting of the sweep, or when the sweep
    /// has none, the kind's preset (the public submission's detector: ≥ 2.5 g raw, 2 s) at each of the sweep's
    /// required counts and cooldowns. Empty for a kind the sweep does not have.
    static func cCheckedSettings(_ s: ShakeScenario, kind: ShakeDetectorKind) -> [ShakeDetectorConfiguration] {
        guard kind.cReference != nil else { return [] }
        guard kind == .rawMagnitude else { return s.configurations.filter { $0.kind == kind && !$0.inputIncludesGravity } }
        let swept = s.configurations.filter { $0.kind == .rawMagnitude }
        guard swept.isEmpty else { return swept }
        let counted = s.configurations.filter { $0.kind != .windowFraction }
        let counts = Set(counted.map(\.requiredCount)).sorted()
        let cooldowns = Set(s.configurations.map(\.cooldownSeconds)).sorted()
        return counts.flatMap { count in
            cooldowns.map { cooldown in
                var c = ShakeDetectorConfiguration.rawMagnitudeDefault
                c.requiredCount = count
                c.cooldownSeconds = cooldown
                return c
            }
        }
    }

    /// Stops the bench unless the C loop of each setting's kind fires at exactly the Swift detector's times (bit for
    /// bit: the timestamps are the samples' own) for every one of `settings`; returns the events found in all.
    ///
    /// - Parameters:
    ///   - settings: settings of one kind, as `cCheckedSettings` gives them.
    ///   - samples: picks the samples a setting is fed (with gravity exactly when it reads raw readings).
    ///   - input: the same samples as the C loops read them.
    static func checkAgainstC(
        _ settings: [ShakeDetectorConfiguration], samples: (ShakeDetectorConfiguration) -> TimelineSamples,
        input: (ShakeDetectorConfiguration) -> CShakeInput
    ) throws -> Int {
        var events = 0
        for c in settings {
            let fed = samples(c)
            let swift = try ShakeTrial.detect(fed, c)
            let fromC = try input(c).firingTimes(c, rateHz: fed.sampleRateHz)
            guard swift == fromC else {
                throw SimulationError(
                    "bench: the C \(c.kind.rawValue) loop fired \(fromC.count) times, the Swift detector \(swift.count) "
                        + "(or at other samples): not the same arithmetic")
            }
            events += swift.count
        }
        return events
    }

    /// A timeline as the C loops read it: the timestamps and the three axes of the samples the Swift detector is
    /// fed, as `Double` arrays, and room for the firing indices, allocated once so that a timed C run allocates
    /// nothing but its result.
    final class CShakeInput {
        let t: [Double], x: [Double], y: [Double], z: [Double]
        private var fired: [Int]

        init(_ samples: TimelineSamples) {
            t = samples.samples.map(\.timestampSeconds)
            x = samples.samples.map(\.x)
            y = samples.samples.map(\.y)
            z = samples.samples.map(\.z)
            fired = [Int](repeating: 0, count: max(1, t.count))
        }

        /// The C loop's firing times for a setting (its kind's loop; window-fraction's ring sized as
        /// `WindowFractionShakeDetector` sizes it for `rateHz`).
        ///
        /// - Throws: `SimulationError` when the C loop refuses the setting or runs out of memory.
        /// What `firingTimes` counts for a kind whose declared C reference is none of the loops below.
        static let noCReference = -1_000_000

        /// The C loops the kinds' declarations may name (`ShakeDetectorKind.cReference`).
        static let knownCReferences: Set<String> = [
            "cbr_shake_threshold_count", "cbr_shake_window_fraction", "cbr_shake_reversal", "cbr_shake_raw_magnitude",
        ]

        func firingTimes(_ c: ShakeDetectorConfiguration, rateHz: Double) throws -> [Double] {
            var counted = cbr_shake_count_config(
                threshold_g: c.thresholdG, required: c.requiredCount, window_s: c.windowSeconds,
                cooldown_s: c.cooldownSeconds)
            var setting = cbr_window_fraction_config(
                threshold_g: c.thresholdG, window_s: c.windowSeconds, fraction: c.requiredFraction,
                minimum_span_s: c.minimumWindowSpanSeconds, minimum_samples: c.minimumSampleCount,
                cooldown_s: c.cooldownSeconds)
            let capacity = Int((c.windowSeconds * min(1000, rateHz)).rounded(.up)) + 2
            let (t, x, y, z, n) = (self.t, self.x, self.y, self.z, self.t.count)
            let count = fired.withUnsafeMutableBufferPointer { events -> Int in
                let e = events.baseAddress
                switch c.kind.cReference {
                case "cbr_shake_threshold_count": return cbr_shake_threshold_count(t, x, y, z, n, &counted, e)
                case "cbr_shake_window_fraction": return cbr_shake_window_fraction(t, x, y, z, n, &setting, capacity, e)
                case "cbr_shake_reversal": return cbr_shake_reversal(t, x, y, z, n, &counted, e)
                case "cbr_shake_raw_magnitude": return cbr_shake_raw_magnitude(t, x, y, z, n, &counted, e)
                default: return Self.noCReference
                }
            }
            guard count != Self.noCReference else {
                throw SimulationError("bench: \(c.kind.rawValue) names no C loop this bench knows (\(c.kind.cReference ?? "none"))")
            }
            guard count >= 0 else { throw SimulationError("bench: the C \(c.kind.rawValue) loop failed (\(count))") }
            return fired[0..<count].map { t[$0] }
        }
    }

    // MARK: - Scribble

    /// `Scenarios/scribble-tuning.json`'s first timeline: the per-update cost of `ScribbleDetector` fed as the study
    /// feeds it (`ScribbleStudy.detect`: one point at a time through `ScribbleDetecting`, `touchEnded()` after each
    /// gesture) against the plain C loop of the same arithmetic on the same points, interleaved. Before timing, the
    /// C loop must fire at exactly the Swift detector's points for every setting of the sweep.
    static func scribbleRows(folder: URL, plan: Plan, into rows: inout [Row]) throws {
        let s = try loadScenario(folder: folder, file: "scribble-tuning.json", as: ScribbleScenario.self, kind: "scribble")
        let timeline = TouchTimelineGenerator.generate(
            s.timeline, stream: try RandomStream(seed: TrialSeed(scenarioSeed: s.seed, trialIndex: 0)))
        let rateHz = s.timeline.touchRateHz
        let input = CScribbleInput(timeline)
        let points = Double(input.points)
        var checked = 0
        for c in s.configurations {
            let swift = try ScribbleStudy.detect(timeline, c, rateHz: rateHz)
            let fromC = try input.firingTimes(c, rateHz: rateHz)
            guard swift == fromC else {
                throw SimulationError(
                    "bench: the C scribble loop fired \(fromC.count) times, the Swift detector \(swift.count) "
                        + "(or at other points): not the same arithmetic")
            }
            checked += swift.count
        }
        guard let c = s.configurations.first else { return }
        let events = try ScribbleStudy.detect(timeline, c, rateHz: rateHz).count
        let t = try interleaved(
            plan,
            [
                {
                    try use(Double(try ScribbleStudy.detect(timeline, c, rateHz: rateHz).count), "the scribble detector")
                    return points
                },
                {
                    try use(Double(try input.firingTimes(c, rateHz: rateHz).count), "the C scribble loop")
                    return points
                },
            ])
        rows.append(
            Row(
                label: "scribble update (ScribbleDetector.consume, one setting, \(f(rateHz, 0)) Hz touches), 1 core",
                median: f(t[0].median * 1e9) + " ns", best: f(t[0].best * 1e9) + " ns"))
        rows.append(
            Row(
                label: "C loop of the scribble arithmetic, 1 core", median: f(t[1].median * 1e9) + " ns",
                best: f(t[1].best * 1e9) + " ns"))
        let ratio = t[1].ratio(of: t[0])
        rows.append(
            Row(
                label: "scribble update ÷ C loop (\(events) events each; \(checked) in \(s.configurations.count) settings identical)",
                median: f(ratio.median) + "×", best: f(ratio.best) + "×", target: "≤ 1.5×"))
    }

    /// A touch timeline as the C scribble loop reads it.
    struct CScribbleInput {
        let x: [Double], y: [Double], t: [Double]
        let first: [Int], count: [Int]
        /// Points in the gestures (what the detector is fed).
        var points: Int { count.reduce(0, +) }

        init(_ timeline: TouchTimeline) {
            x = timeline.x
            y = timeline.y
            t = timeline.t
            first = timeline.gestures.map(\.firstPoint)
            count = timeline.gestures.map(\.pointCount)
        }

        /// The C loop's firing times for a setting, its rings sized as `ScribbleDetector` sizes them.
        func firingTimes(_ c: ScribbleDetectorConfiguration, rateHz: Double) throws -> [Double] {
            var setting = cbr_scribble_config(
                required_reversals: Int32(c.requiredReversals), minimum_travel: c.minimumTravelPoints,
                path_to_diagonal_ratio: c.pathToDiagonalRatio, window_s: c.windowSeconds, cooldown_s: c.cooldownSeconds,
                fires_once_per_gesture: c.firesOncePerGesture ? 1 : 0)
            let capacity = Int((c.windowSeconds * min(1000, rateHz)).rounded(.up)) + 2
            var events = [Int](repeating: 0, count: max(1, t.count))
            let fired = cbr_scribble(x, y, t, first, count, first.count, &setting, capacity, &events)
            guard fired >= 0 else { throw SimulationError("bench: the C scribble loop failed (\(fired))") }
            return events[0..<fired].map { t[$0] }
        }
    }
}
