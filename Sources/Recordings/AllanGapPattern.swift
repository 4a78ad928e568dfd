import FileFormats
import MonteCarlo
import Stats

/// Irregular sample times for an evenly sampled simulated record, like a logger reading a sensor's FIFO in bursts:
/// the designs `sensorbench dev allan-coverage --gaps` measures the uneven-record Allan analysis on.
///
/// The sensor samples evenly (the record's own values, one every τ_s); the host reads its FIFO now and then, and each
/// read delivers the samples taken since the last one, stamped with the read's time plus 2 ms per sample. In
/// ``mpu6050`` no sample is lost (the values are the even record's, the noise terms the design's) and only the times
/// are irregular: short steps inside a burst, a long step between reads, now and then a late read; such stamps are
/// re-timed evenly (``BufferedClock``). In ``mpu6050Overflow`` some late reads find the FIFO overflowed, and the
/// samples it could not hold are lost: the record goes to the grid with its gaps (``AllanGrid``).
package enum AllanGapPattern: String, Sendable, CaseIterable {
    /// Read intervals like the real MPU6050 record of issue 24 (docs/recordings.md; 655 s, 20.6% of its steps over
    /// 1.5 τ₀ holding 81.6% of its time, read intervals with quartiles 38, 44 and 50 ms and a 95th percentile of
    /// 83 ms, steps of 0.2–0.5 s three times): a read every 30–58 ms (uniform), one in 20 after 60–100 ms instead,
    /// and one in 5000 after 0.2–0.5 s.
    case mpu6050
    /// The same logger with its rare late reads (one in 5000) coming after 1–3 s instead, when the FIFO (1024 bytes:
    /// ``fifoSamples`` samples of accelerometer and gyro) has overflowed and holds only the newest samples: the older
    /// ones of that wait are lost (values and times), 0.15–2.15 s of samples about every 4 minutes. ``BufferedClock``
    /// finds the losses, and the record lies on a grid of the sensor's period with them as gaps.
    case mpu6050Overflow = "mpu6050-overflow"

    /// How many samples the MPU6050's 1024-byte FIFO holds with accelerometer and gyro (12 bytes each): 85.
    static let fifoSamples = 85

    /// The step between two samples of one burst, s.
    static let burstStepSeconds = 0.002

    /// `recording` (evenly sampled, no times) with this pattern's times; the x, y and z values unchanged, less those lost.
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
        // The samples delivered (indices into the even record): all of them unless the FIFO overflowed.
        var kept: [Int] = []
        kept.reserveCapacity(n)
        let (lateShare, late): (Double, ClosedRange<Double>) =
            switch self {
            case .mpu6050: (1.0 / 5000, 0.2...0.5)
            case .mpu6050Overflow: (1.0 / 5000, 1...3)
            }
        var read = 0.0
        var next = 0
        while next < n {
            let u = stream.uniform()
            if u < lateShare {
                read += stream.uniform(late.lowerBound, late.upperBound)
            } else if u < 0.05 {
                read += stream.uniform(0.06, 0.1)
            } else {
                read += stream.uniform(0.03, 0.058)
            }
            // The read delivers the samples taken by then (sample k at k·τ_s), after the last burst's end; a FIFO
            // that overflowed holds only its newest samples.
            read = max(read, (times.last ?? -Self.burstStepSeconds) + Self.burstStepSeconds)
            var end = next
            while end < n && Double(end) * interval <= read { end += 1 }
            if self == .mpu6050Overflow { next = max(next, end - Self.fifoSamples) }
            var stamp = read
            while next < end {
                times.append(stamp)
                kept.append(next)
                stamp += Self.burstStepSeconds
                next += 1
            }
        }
        let count = times.count
        var longCount = 0
        var longSeconds = 0.0
        let first = times[0]
        let last = times[count - 1]
        let mean = (last - first) / Double(count - 1)
        var largest = 0.0
        for k in 1..<count {
            let step = times[k] - times[k - 1]
            largest = max(largest, step)
            if step > 1.5 * mean {
                longCount += 1
                longSeconds += step
            }
        }
        let gapped = RecordingInfo(
            file: info.file, format: info.format, unit: info.unit, unitSource: info.unitSource, sampleCount: count,
            firstTimeSeconds: first, lastTimeSeconds: last, largestStepSeconds: largest)
        let lossless = count == n
        return SensorRecording(
            info: gapped, x: lossless ? recording.x : kept.map { recording.x[$0] },
            y: lossless ? recording.y : kept.map { recording.y[$0] }, z: lossless ? recording.z : kept.map { recording.z[$0] },
            longStepCount: longCount, longStepSeconds: longSeconds, times: times)
    }
}
