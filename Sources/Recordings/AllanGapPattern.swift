import FileFormats
import MonteCarlo
import Stats

/// Irregular sample times for an evenly sampled simulated record, like a logger reading a sensor's FIFO in bursts:
/// the design `sensorbench dev allan-coverage --gaps` measures the gapped Allan analysis on.
///
/// The sensor samples evenly (the record's own values, one every τ_s); the host reads its FIFO now and then, and each
/// read delivers every sample taken since the last one, stamped with the read's time plus 2 ms per sample. So the
/// values are the even record's (no sample is lost, the noise terms are the design's), and only the times are
/// irregular: short steps inside a burst, a long step between reads, and now and then a late read that leaves
/// empty grid steps.
package enum AllanGapPattern: String, Sendable, CaseIterable {
    /// Read intervals like the real MPU6050 record of issue 24 (docs/recordings.md; 655 s, 20.6% of its steps over
    /// 1.5 τ₀ holding 81.6% of its time, read intervals with quartiles 38, 44 and 50 ms and a 95th percentile of
    /// 83 ms, steps of 0.2–0.5 s three times): a read every 30–58 ms (uniform), one in 20 after 60–100 ms instead,
    /// and one in 5000 after 0.2–0.5 s.
    case mpu6050

    /// The step between two samples of one burst, s.
    static let burstStepSeconds = 0.002

    /// `recording` (evenly sampled, no times) with this pattern's times; the x, y and z values unchanged.
    ///
    /// - Parameters:
    ///   - recording: an evenly sampled record (``AllanBenchmark/recording(_:seed:)``).
    ///   - seed: the times' own seed (a stream apart from the values').
    package func recording(_ recording: SensorRecording, seed: UInt64) throws -> SensorRecording {
        let info = recording.info
        let n = info.sampleCount
        let interval = info.meanIntervalSeconds
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 1))
        var times: [Double] = []
        times.reserveCapacity(n)
        var read = 0.0
        var next = 0
        while next < n {
            let u = stream.uniform()
            if u < 1.0 / 5000 {
                read += stream.uniform(0.2, 0.5)
            } else if u < 0.05 {
                read += stream.uniform(0.06, 0.1)
            } else {
                read += stream.uniform(0.03, 0.058)
            }
            // The read delivers the samples taken by then (sample k at k·τ_s), after the last burst's end.
            read = max(read, (times.last ?? -Self.burstStepSeconds) + Self.burstStepSeconds)
            var stamp = read
            while next < n && Double(next) * interval <= read {
                times.append(stamp)
                stamp += Self.burstStepSeconds
                next += 1
            }
        }
        var longCount = 0
        var longSeconds = 0.0
        let first = times[0]
        let last = times[n - 1]
        let mean = (last - first) / Double(n - 1)
        var largest = 0.0
        for k in 1..<n {
            let step = times[k] - times[k - 1]
            largest = max(largest, step)
            if step > 1.5 * mean {
                longCount += 1
                longSeconds += step
            }
        }
        let gapped = RecordingInfo(
            file: info.file, format: info.format, unit: info.unit, unitSource: info.unitSource, sampleCount: n,
            firstTimeSeconds: first, lastTimeSeconds: last, largestStepSeconds: largest)
        return SensorRecording(
            info: gapped, x: recording.x, y: recording.y, z: recording.z, longStepCount: longCount,
            longStepSeconds: longSeconds, times: times)
    }
}
