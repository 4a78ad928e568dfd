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
    /// - Parameter settings: the sweep indices of the settings to run, in order (nil: every setting); a
    ///   confirmation runs only the settings it checks.
    /// - Throws: `StatsError` if the random stream cannot be allocated, `ShakeDetectorError` if a setting is
    ///   invalid (the scenario reader refuses those first).
    package static func run(_ s: ShakeScenario, index: Int, settings: [Int]? = nil) throws -> GestureTrialOutcome {
        let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(index))
        let stream = try RandomStream(seed: seed)
        let timeline = MotionTimelineGenerator.generate(s.timeline, stream: stream)
        var detections: [[Double]] = []
        detections.reserveCapacity(s.configurations.count)
        // The samples are built once per timeline (and once more with gravity if a setting reads raw readings),
        // not once per setting.
        let userAcceleration = TimelineSamples(timeline, includesGravity: false)
        var withGravity: TimelineSamples?
        for c in settings.map({ $0.map { s.configurations[$0] } }) ?? s.configurations {
            if c.inputIncludesGravity {
                if withGravity == nil { withGravity = TimelineSamples(timeline, includesGravity: true) }
                detections.append(try detect(withGravity ?? userAcceleration, c))
            } else {
                detections.append(try detect(userAcceleration, c))
            }
        }
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
        try detect(TimelineSamples(timeline, includesGravity: configuration.inputIncludesGravity), configuration)
    }

    /// Feeds `samples` to a fresh detector in one batch and returns the firing times; the samples must include
    /// gravity exactly when the configuration says its input does.
    ///
    /// - Throws: `ShakeDetectorError` for an invalid configuration.
    package static func detect(
        _ samples: TimelineSamples,
        _ configuration: ShakeDetectorConfiguration
    ) throws(ShakeDetectorError) -> [Double] {
        var detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: min(1000, samples.sampleRateHz))
        var fired: [Int] = []
        samples.samples.withUnsafeBufferPointer { detector.consume($0, firedAt: &fired) }
        return fired.map { samples.samples[$0].timestampSeconds }
    }
}

/// A timeline's samples as a detector reads them: tₖ = k / rate, the user acceleration as `Double`, and gravity
/// (0, 0, −1) g, as a phone held face up reads it in Core Motion's device frame, added when the detector reads
/// raw readings (raw-magnitude).
package struct TimelineSamples: Sendable {
    package let sampleRateHz: Double
    package let includesGravity: Bool
    package let samples: [AccelerationSample]

    package init(_ timeline: MotionTimeline, includesGravity: Bool) {
        let fs = timeline.sensor.sampleRateHz
        let gravityZ = includesGravity ? -1.0 : 0.0
        sampleRateHz = fs
        self.includesGravity = includesGravity
        var samples: [AccelerationSample] = []
        samples.reserveCapacity(timeline.sampleCount)
        for k in 0..<timeline.sampleCount {
            samples.append(
                AccelerationSample(
                    timestampSeconds: Double(k) / fs, x: Double(timeline.x[k]), y: Double(timeline.y[k]),
                    z: Double(timeline.z[k]) + gravityZ))
        }
        self.samples = samples
    }
}
