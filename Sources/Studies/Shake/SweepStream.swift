import MonteCarlo
import Reporting

/// A gesture sweep reduced as its timelines arrive, in trial order: the statistics are accumulated
/// (``SweepAnalysis/Accumulator``), and each timeline's part-file record (exact bit patterns) is appended to a
/// temporary file, read back once the recommended setting is known to write `events.csv`. Memory does not grow
/// with the timelines.
struct SweepStream {
    var accumulator: SweepAnalysis.Accumulator
    let scenarioSeed: UInt64
    let settingCount: Int
    let records: SpoolFile

    init(accumulator: SweepAnalysis.Accumulator, scenarioSeed: UInt64) throws {
        self.accumulator = accumulator
        self.scenarioSeed = scenarioSeed
        settingCount = accumulator.settings.count
        records = try SpoolFile()
    }

    /// Adds the next timeline (in trial order).
    mutating func add(_ o: GestureTrialOutcome) throws {
        try accumulator.add(o)
        try records.append(o.record + "\n")
    }

    /// Hands every timeline added to `body`, in the order added, decoded from the temporary file (bit for bit the
    /// outcomes added).
    func replay(_ body: (GestureTrialOutcome) throws -> Void) throws {
        var line: [UInt8] = []
        var failure: (any Error)?
        func emit() throws {
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: true)
            guard let index = Int(text.prefix { $0 != ";" }),
                let o = GestureTrialOutcome(record: text, index: index, scenarioSeed: scenarioSeed, settings: settingCount)
            else { throw ReportingError.write(path: "temporary file", reason: "cannot read back a timeline's record") }
            try body(o)
        }
        try records.forEachChunk { chunk throws(ReportingError) in
            guard failure == nil else { return }
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    do { try emit() } catch {
                        failure = error
                        return
                    }
                } else {
                    line.append(byte)
                }
            }
        }
        if let failure { throw failure }
        guard line.isEmpty else {
            throw ReportingError.write(path: "temporary file", reason: "cannot read back a timeline's record")
        }
    }
}
