import MonteCarlo
import Reporting
import Stats

/// A gesture sweep reduced as its timelines arrive, in trial order: the statistics are accumulated
/// (``SweepAnalysis/Accumulator``), and each timeline is appended to a temporary file as 64-bit words (doubles as
/// their bit patterns), read back once the recommended setting is known to write `events.csv`. Memory does not
/// grow with the timelines.
///
/// A timeline's words: index, seed, duration, the number of true gestures then each one's start and end, the
/// number of labels then each one's activity, start and end, then for each setting its number of detections and
/// their times.
struct SweepStream {
    var accumulator: SweepAnalysis.Accumulator
    let scenarioSeed: UInt64
    let settingCount: Int
    let records: SpoolFile
    private var words: [UInt64] = []

    init(accumulator: SweepAnalysis.Accumulator, scenarioSeed: UInt64) throws {
        self.accumulator = accumulator
        self.scenarioSeed = scenarioSeed
        settingCount = accumulator.settings.count
        records = try SpoolFile()
    }

    /// Adds the next timeline (in trial order).
    mutating func add(_ o: GestureTrialOutcome) throws {
        try accumulator.add(o)
        words.removeAll(keepingCapacity: true)
        words.append(UInt64(o.trialIndex))
        words.append(UInt64(o.seed.value))
        words.append(o.durationSeconds.bitPattern)
        words.append(UInt64(o.truth.count))
        for e in o.truth {
            words.append(e.startSeconds.bitPattern)
            words.append(e.endSeconds.bitPattern)
        }
        words.append(UInt64(o.labels.count))
        for l in o.labels {
            words.append(UInt64(l.activity))
            words.append(l.startSeconds.bitPattern)
            words.append(l.endSeconds.bitPattern)
        }
        guard o.detections.count == settingCount else {
            throw ReportingError.invalidValue(
                context: "timeline \(o.trialIndex)", reason: "has detections for \(o.detections.count) settings, not \(settingCount)")
        }
        for times in o.detections {
            words.append(UInt64(times.count))
            for t in times { words.append(t.bitPattern) }
        }
        var failure: ReportingError?
        words.withUnsafeBytes { bytes in
            do throws(ReportingError) { try records.append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Hands every timeline added to `body`, in the order added, read back from the temporary file (bit for bit
    /// the outcomes added).
    func replay(_ body: (GestureTrialOutcome) throws -> Void) throws {
        var pending: [UInt64] = []
        var failure: (any Error)?
        try records.forEachChunk { chunk throws(ReportingError) in
            guard failure == nil else { return }
            // Chunks are whole multiples of 8 bytes (but the last, which ends the file), so no word is split.
            for offset in stride(from: 0, to: chunk.count - 7, by: 8) {
                pending.append(chunk.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            var start = 0
            do {
                while let (o, end) = try decode(pending, from: start) {
                    try body(o)
                    start = end
                }
            } catch {
                failure = error
                return
            }
            pending.removeFirst(start)
        }
        if let failure { throw failure }
        guard pending.isEmpty, records.count % 8 == 0 else { throw Self.unreadable }
    }

    private static let unreadable = ReportingError.write(path: "temporary file", reason: "cannot read back a timeline")

    /// The timeline whose words start at `start`, and where the next one starts; nil when `w` ends before it does.
    private func decode(_ w: [UInt64], from start: Int) throws -> (GestureTrialOutcome, Int)? {
        var k = start
        func next() -> UInt64? {
            guard k < w.count else { return nil }
            defer { k += 1 }
            return w[k]
        }
        func count() throws -> Int? {
            guard let n = next() else { return nil }
            guard n <= UInt64(Int.max / 3) else { throw Self.unreadable }
            return Int(n)
        }
        guard let indexWord = next(), let seedWord = next(), let durationWord = next(), let truthCount = try count()
        else { return nil }
        guard indexWord <= UInt64(Int.max) else { throw Self.unreadable }
        let index = Int(indexWord)
        let seed = TrialSeed(scenarioSeed: scenarioSeed, trialIndex: indexWord)
        guard UInt64(seed.value) == seedWord else { throw Self.unreadable }
        guard w.count - k >= 2 * truthCount else { return nil }
        var truth: [TruthEvent] = []
        truth.reserveCapacity(truthCount)
        for _ in 0..<truthCount {
            truth.append(TruthEvent(startSeconds: Double(bitPattern: w[k]), endSeconds: Double(bitPattern: w[k + 1])))
            k += 2
        }
        guard let labelCount = try count() else { return nil }
        guard w.count - k >= 3 * labelCount else { return nil }
        var labels: [ActivitySpan] = []
        labels.reserveCapacity(labelCount)
        for _ in 0..<labelCount {
            guard w[k] <= UInt64(Int.max) else { throw Self.unreadable }
            labels.append(
                ActivitySpan(
                    activity: Int(w[k]), startSeconds: Double(bitPattern: w[k + 1]),
                    endSeconds: Double(bitPattern: w[k + 2])))
            k += 3
        }
        var detections: [[Double]] = []
        detections.reserveCapacity(settingCount)
        for _ in 0..<settingCount {
            guard let n = try count() else { return nil }
            guard w.count - k >= n else { return nil }
            detections.append((k..<(k + n)).map { Double(bitPattern: w[$0]) })
            k += n
        }
        let o = GestureTrialOutcome(
            trialIndex: index, seed: seed, durationSeconds: Double(bitPattern: durationWord), truth: truth,
            labels: labels, detections: detections)
        return (o, k)
    }
}
