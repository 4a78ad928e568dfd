import DetectionCore
import SensorSim
import Stats

/// One shake-study trial: one timeline, generated once, fed to every detector setting of the sweep.
package enum ShakeTrial {
    /// The activities, as the outcome's labels index them (`MotionActivity.allCases` order).
    package static let activities = MotionActivity.allCases

    /// Runs trial `index`: seeds its stream with `TrialSeed(scenarioSeed:trialIndex:)`, generates the timeline
    /// and runs each setting over the same samples.
    ///
    /// - Throws: `StatsError` if the random stream cannot be allocated, `ShakeDetectorError` if a setting is
    ///   invalid (the scenario reader refuses those first).
    package static func run(_ s: ShakeScenario, index: Int) throws -> GestureTrialOutcome {
        let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(index))
        let stream = try RandomStream(seed: seed)
        let timeline = MotionTimelineGenerator.generate(s.timeline, stream: stream)
        var detections: [[Double]] = []
        detections.reserveCapacity(s.configurations.count)
        for c in s.configurations { detections.append(try detect(timeline, c)) }
        let fs = timeline.sensor.sampleRateHz
        let truth = timeline.shakes.map {
            TruthEvent(startSeconds: Double($0.startSample) / fs, endSeconds: Double($0.endSample) / fs)
        }
        let labels = timeline.segments.map {
            ActivitySpan(
                activity: activities.firstIndex(of: $0.activity) ?? 0,
                startSeconds: Double($0.startSample) / fs, endSeconds: Double($0.endSample) / fs)
        }
        return GestureTrialOutcome(
            trialIndex: index, seed: seed, durationSeconds: timeline.durationSeconds,
            truth: truth, labels: labels, detections: detections)
    }

    /// Feeds every sample of `timeline` (at tₖ = k / rate) to a fresh detector and returns the firing times
    /// (with gravity (0, 0, −1) g added to each sample when the detector reads raw readings).
    ///
    /// - Throws: `ShakeDetectorError` for an invalid configuration.
    package static func detect(
        _ timeline: MotionTimeline,
        _ configuration: ShakeDetectorConfiguration
    ) throws(ShakeDetectorError) -> [Double] {
        let fs = timeline.sensor.sampleRateHz
        var detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: min(1000, fs))
        var times: [Double] = []
        // The timeline is user acceleration; a detector fed raw readings (raw-magnitude) gets gravity added as
        // a phone held face up reads it: (0, 0, −1) g in Core Motion's device frame.
        let gravityZ = configuration.inputIncludesGravity ? -1.0 : 0.0
        timeline.x.withUnsafeBufferPointer { x in
            timeline.y.withUnsafeBufferPointer { y in
                timeline.z.withUnsafeBufferPointer { z in
                    for k in 0..<x.count {
                        let t = Double(k) / fs
                        let sample = AccelerationSample(
                            timestampSeconds: t, x: Double(x[k]), y: Double(y[k]),
                            z: Double(z[k]) + gravityZ)
                        if detector.consume(sample) { times.append(t) }
                    }
                }
            }
        }
        return times
    }
}
