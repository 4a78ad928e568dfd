import CBenchReference
import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

extension Benchmark {
    // MARK: - Window-fraction against C

    /// The C window-fraction loop's firing times for a setting on user acceleration (`timestamps` are the samples'
    /// own, so they compare bit for bit with the Swift detector's).
    static func cWindowFractionTimes(_ input: CShakeInput, _ c: ShakeDetectorConfiguration, rateHz: Double) throws -> [Double] {
        var setting = cbr_window_fraction_config(
            threshold_g: c.thresholdG, window_s: c.windowSeconds, fraction: c.requiredFraction,
            minimum_span_s: c.minimumWindowSpanSeconds, minimum_samples: c.minimumSampleCount,
            cooldown_s: c.cooldownSeconds)
        // Sized as WindowFractionShakeDetector sizes its ring.
        let capacity = Int((c.windowSeconds * min(1000, rateHz)).rounded(.up)) + 2
        var events = [Int](repeating: 0, count: max(1, input.t.count))
        let fired = cbr_shake_window_fraction(input.t, input.x, input.y, input.z, input.t.count, &setting, capacity, &events)
        guard fired >= 0 else { throw SimulationError("bench: the C window-fraction loop ran out of memory") }
        return events[0..<fired].map { input.t[$0] }
    }

    /// Stops the bench unless the C window-fraction loop fires at exactly the Swift detector's times for every
    /// window-fraction setting of the sweep on user acceleration.
    static func checkWindowFraction(_ s: ShakeScenario, plain: TimelineSamples, input: CShakeInput) throws -> Int {
        var events = 0
        for c in s.configurations where c.kind == .windowFraction && !c.inputIncludesGravity {
            let swift = try ShakeTrial.detect(plain, c)
            let fromC = try cWindowFractionTimes(input, c, rateHz: plain.sampleRateHz)
            guard swift == fromC else {
                throw SimulationError(
                    "bench: the C window-fraction loop fired \(fromC.count) times, the Swift detector \(swift.count) "
                        + "(or at other samples): not the same arithmetic")
            }
            events += swift.count
        }
        return events
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
