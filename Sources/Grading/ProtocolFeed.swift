import DetectionCore
import SensorSim
import Studies

// MARK: - Driving detectors through the core's protocols

/// Feeds simulated streams to any `ShakeDetecting`, `ScribbleDetecting` or `ProximityChecking` value, so a team's
/// type slots in where a shipped detector does (a team's harness does the same on the other side of the pipe,
/// ``HarnessWire``). A fresh value per stream, as the protocols say.
enum ProtocolFeed {
    /// Feeds every sample of `timeline` (at tₖ = k / rate) and returns the firing times; a detector reading
    /// `.rawAccelerometer` gets gravity (0, 0, −1) g added, as a phone held face up reads it.
    static func shakeTimes<D: ShakeDetecting>(_ timeline: MotionTimeline, _ detector: inout D) -> [Double] {
        let fs = timeline.sensor.sampleRateHz
        let gravityZ = detector.accelerationInput == .rawAccelerometer ? -1.0 : 0.0
        var times: [Double] = []
        timeline.x.withUnsafeBufferPointer { x in
            timeline.y.withUnsafeBufferPointer { y in
                timeline.z.withUnsafeBufferPointer { z in
                    for k in 0..<x.count {
                        let t = Double(k) / fs
                        let sample = AccelerationSample(
                            timestampSeconds: t, x: Double(x[k]), y: Double(y[k]), z: Double(z[k]) + gravityZ)
                        if detector.consume(sample) { times.append(t) }
                    }
                }
            }
        }
        return times
    }

    /// Feeds every gesture's points, then `touchEnded()`, and returns the firing times.
    static func scribbleTimes<D: ScribbleDetecting>(_ timeline: TouchTimeline, _ detector: inout D) -> [Double] {
        ScribbleStudy.firingTimes(timeline, &detector)
    }

    /// A shipped scribble detector's firing times over `timeline`.
    static func scribbleTimes(
        _ timeline: TouchTimeline, _ c: ScribbleDetectorConfiguration, rateHz: Double
    ) throws(ScribbleDetectorError) -> [Double] {
        var detector = try ScribbleDetector(configuration: c, maximumTouchRateHz: min(1000, rateHz))
        return scribbleTimes(timeline, &detector)
    }

    /// The intervals [enter, exit) in which place 0 is in range, seconds (exit +∞ when the stream ends inside),
    /// from the check's enter and exit events.
    static func insideIntervals<C: ProximityChecking>(
        _ fixes: [LocationFix], _ check: inout C
    ) -> [(start: Double, end: Double)] {
        var intervals: [(start: Double, end: Double)] = []
        var openedAt: Double?
        for fix in fixes {
            for e in check.consume(fix) where e.placeIndex == 0 {
                if e.kind == .enter {
                    openedAt = e.timestampSeconds
                } else if let start = openedAt {
                    intervals.append((start, e.timestampSeconds))
                    openedAt = nil
                }
            }
        }
        if let start = openedAt { intervals.append((start, .infinity)) }
        return intervals
    }
}

/// One motion timeline as shipped shake detectors read it: its samples (at tₖ = k / rate, with gravity (0, 0, −1) g
/// added for a detector reading raw accelerometer values, as ``ProtocolFeed`` feeds them) built once, on first use,
/// and fed to each detector as one batch (`ShakeDetector.consume(_:firedAt:)`, which fires exactly where feeding
/// the samples one by one would). Many settings on one timeline share the samples.
struct ShakeSamples {
    private let timeline: MotionTimeline
    private var userAcceleration: [AccelerationSample]?
    private var rawAccelerometer: [AccelerationSample]?

    init(_ timeline: MotionTimeline) { self.timeline = timeline }

    /// The firing times, seconds, of a shipped detector with configuration `c`.
    mutating func times(_ c: ShakeDetectorConfiguration) throws(ShakeDetectorError) -> [Double] {
        let fs = timeline.sensor.sampleRateHz
        var detector = try ShakeDetector(configuration: c, maximumSampleRateHz: min(1000, fs))
        let samples: [AccelerationSample]
        if detector.accelerationInput == .rawAccelerometer {
            if rawAccelerometer == nil { rawAccelerometer = Self.samples(timeline, gravityZ: -1) }
            samples = rawAccelerometer ?? []
        } else {
            if userAcceleration == nil { userAcceleration = Self.samples(timeline, gravityZ: 0) }
            samples = userAcceleration ?? []
        }
        var events: [Int] = []
        samples.withUnsafeBufferPointer { detector.consume($0, firedAt: &events) }
        return events.map { Double($0) / fs }
    }

    private static func samples(_ timeline: MotionTimeline, gravityZ: Double) -> [AccelerationSample] {
        let fs = timeline.sensor.sampleRateHz
        return (0..<timeline.sampleCount).map { k in
            AccelerationSample(
                timestampSeconds: Double(k) / fs, x: Double(timeline.x[k]), y: Double(timeline.y[k]),
                z: Double(timeline.z[k]) + gravityZ)
        }
    }
}
