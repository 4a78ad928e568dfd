/// A generated accelerometer timeline: three compact sample arrays and the labels that say what happened.
///
/// Samples are `Float` (4 bytes an axis): a 10-minute timeline at 100 Hz is 60 000 samples, 720 kB. They are
/// generated once and then fed to every detector setting. Sample k is taken at `k / sampleRateHz` seconds.
package struct MotionTimeline: Sendable {
    /// The sensor that produced the samples.
    package let sensor: AccelerometerSensor
    /// userAcceleration x, y, z in g, one entry per sample.
    package let x: [Float]
    package let y: [Float]
    package let z: [Float]
    /// Contiguous labelled segments covering every sample, in time order.
    package let segments: [MotionSegment]

    /// Number of samples.
    package var sampleCount: Int { x.count }

    /// Duration covered, s (sample count / rate).
    package var durationSeconds: Double { Double(sampleCount) / sensor.sampleRateHz }

    /// The time of sample `k`, s.
    @inline(__always)
    package func timeSeconds(_ k: Int) -> Double { Double(k) / sensor.sampleRateHz }

    /// The deliberate shakes (ground truth), in time order.
    package var shakes: [MotionSegment] { segments.filter { $0.activity == .shake } }

    /// The segment containing sample `k`, by binary search; nil outside the timeline.
    package func segment(containing k: Int) -> MotionSegment? {
        var low = 0
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].endSample <= k { low = mid + 1 } else { high = mid }
        }
        guard low < segments.count, segments[low].startSample <= k else { return nil }
        return segments[low]
    }
}
