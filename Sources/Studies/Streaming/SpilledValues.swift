import Reporting
import Stats

/// Values collected one at a time (a cell's times to trigger, say) whose quantiles are wanted exactly, without
/// holding them all in memory when there are many.
///
/// Up to ``memoryLimit`` values stay in memory; beyond that they all go, as 8-byte bit patterns, to a
/// ``SpoolFile``. A quantile is then found by exact selection on the file: the order statistics it needs are
/// located by a radix search over the values' 64-bit order keys, 16 bits a pass (four passes over the file, with
/// 2¹⁶ counters), so memory stays fixed whatever the count. The result is bit for bit the quantile of the sorted
/// values (``Descriptive/quantile(sorted:probability:)``, GSL's type 7): the two order statistics the
/// interpolation reads are the same values, and they are interpolated by the same function.
package struct SpilledValues {
    /// Values kept in memory before the first spill.
    package let memoryLimit: Int
    private var inMemory: [Double] = []
    private var spool: SpoolFile?
    /// Values appended.
    package private(set) var count = 0
    /// The first value appended that is not finite (a quantile then throws, as for sorted data).
    private var firstNonFinite: (index: Int, value: Double)?

    /// The default memory limit: 4096 values (32 KiB).
    package static let defaultMemoryLimit = 4096

    package init(memoryLimit: Int = SpilledValues.defaultMemoryLimit) {
        self.memoryLimit = max(1, memoryLimit)
    }

    /// Whether the values have gone to a file.
    package var isSpilled: Bool { spool != nil }

    package mutating func append(_ x: Double) throws(ReportingError) {
        if !x.isFinite, firstNonFinite == nil { firstNonFinite = (count, x) }
        count += 1
        if let spool {
            try Self.write(x, to: spool)
            return
        }
        inMemory.append(x)
        guard inMemory.count > memoryLimit else { return }
        let spool = try SpoolFile()
        for v in inMemory { try Self.write(v, to: spool) }
        inMemory = []
        self.spool = spool
    }

    private static func write(_ x: Double, to spool: SpoolFile) throws(ReportingError) {
        var bits = x.bitPattern.littleEndian
        var failure: ReportingError?
        withUnsafeBytes(of: &bits) { bytes in
            do throws(ReportingError) { try spool.append(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The `probability` quantile of the values (GSL's definition, as for the sorted values).
    ///
    /// - Throws: ``StatsError/invalidInput(_:)`` without values, with a value that is not finite, or for p outside
    ///   [0, 1]; ``ReportingError`` when the spool cannot be read.
    package func quantile(_ probability: Double) throws -> Double {
        guard count > 0 else { throw StatsError.invalidInput("SpilledValues.quantile: no values") }
        if let bad = firstNonFinite {
            throw StatsError.invalidInput("SpilledValues.quantile: value at index \(bad.index) is \(bad.value), not finite")
        }
        guard probability >= 0, probability <= 1 else {
            throw StatsError.invalidInput("SpilledValues.quantile: probability \(probability) is outside [0, 1]")
        }
        guard let spool else { return try Descriptive.quantile(sorted: inMemory.sorted(), probability: probability) }
        // GSL: index h = p·(n − 1), lhs = ⌊h⌋, delta = h − lhs; the result reads x_lhs and, below the top, x_lhs+1.
        let index = probability * Double(count - 1)
        let lhs = Int(index)
        let delta = index - Double(lhs)
        let low = try Self.orderStatistic(lhs, in: spool)
        guard lhs < count - 1 else { return try Descriptive.quantile(sorted: [low], probability: probability) }
        let high = try Self.orderStatistic(lhs + 1, in: spool)
        // With two values GSL's h is delta·1 = delta exactly, so it interpolates (1 − delta)·low + delta·high.
        return try Descriptive.quantile(sorted: [low, high], probability: delta)
    }

    /// The order key of a double: unsigned order equals numeric order (−0 just below +0).
    @inline(__always) static func key(_ x: Double) -> UInt64 {
        let bits = x.bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    @inline(__always) static func value(key: UInt64) -> Double {
        Double(bitPattern: key & (1 << 63) != 0 ? key & ~(1 << 63) : ~key)
    }

    /// The value of 0-based rank `rank` in ascending order of the spooled values.
    static func orderStatistic(_ rank: Int, in spool: SpoolFile) throws(ReportingError) -> Double {
        var prefix: UInt64 = 0
        var remaining = rank
        var counts = [Int](repeating: 0, count: 1 << 16)
        for pass in 0..<4 {
            let shift = UInt64(48 - 16 * pass)
            for i in counts.indices { counts[i] = 0 }
            var failure: ReportingError?
            counts.withUnsafeMutableBufferPointer { counts in
                do throws(ReportingError) {
                    try spool.forEachChunk { chunk in
                        for offset in stride(from: 0, to: chunk.count, by: 8) {
                            let k = key(
                                Double(bitPattern: UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: offset, as: UInt64.self))))
                            // Pass 0 counts every value (a 64-bit shift gives 0, as does the empty prefix).
                            guard k >> (shift + 16) == prefix else { continue }
                            counts[Int((k >> shift) & 0xFFFF)] += 1
                        }
                    }
                } catch { failure = error }
            }
            if let failure { throw failure }
            var bucket = 0
            while remaining >= counts[bucket] {
                remaining -= counts[bucket]
                bucket += 1
            }
            prefix = prefix << 16 | UInt64(bucket)
        }
        return value(key: prefix)
    }
}
