import Foundation
import Testing

@testable import Studies

@Suite struct SpilledValuesTests {
    /// Type-7 quantiles (GSL) of values with ties, by hand: sorted 1, 2, 2, 2, 5, 5, 9, 9 (n = 8). Median:
    /// h = 3.5 → 2 + 0.5 × (5 − 2) = 3.5. p = 0.95: h = 6.65 → 9 + 0.65 × 0 = 9. p = 0.25: h = 1.75 → 2. p = 0:
    /// 1, p = 1: 9. The same whether the values stay in memory or go to disk (limit 1).
    @Test func quantilesOfTiedValuesByHand() throws {
        let values: [Double] = [5, 2, 9, 2, 1, 9, 2, 5]
        for limit in [1, 3, 100] {
            var v = SpilledValues(memoryLimit: limit)
            for x in values { try v.append(x) }
            #expect(v.isSpilled == (limit < values.count))
            #expect(try v.quantile(0.5) == 3.5)
            #expect(try v.quantile(0.95) == 9)
            #expect(try v.quantile(0.25) == 2)
            #expect(try v.quantile(0) == 1 && v.quantile(1) == 9)
        }
    }

    /// 20 000 values with many ties, negatives, ±0 and subnormals: every quantile from the file is bit for bit
    /// the quantile of the values sorted in memory (the in-memory path sorts and calls GSL).
    @Test func spilledQuantilesMatchSortingInMemory() throws {
        var memory = SpilledValues(memoryLimit: 1 << 20)
        var disk = SpilledValues(memoryLimit: 64)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for k in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Double(state >> 40) / Double(1 << 24)
            let x: Double
            switch k % 5 {
            case 0: x = (r * 20).rounded() - 10  // integers −10…10: heavy ties
            case 1: x = -r * 1e6
            case 2: x = r * 1e-310  // subnormals
            case 3: x = 0
            default: x = r * 3.7
            }
            try memory.append(x)
            try disk.append(x)
        }
        #expect(!memory.isSpilled && disk.isSpilled)
        for p in [0, 1e-6, 0.05, 0.25, 0.5, 0.6, 0.75, 0.95, 0.999, 1] {
            #expect(try disk.quantile(p).bitPattern == memory.quantile(p).bitPattern, "p = \(p)")
        }
    }

    /// The order key sorts as the numbers do, −0 just below +0, and maps back exactly.
    @Test func orderKeysFollowNumericOrder() {
        let sorted: [Double] = [-.infinity, -1e300, -1, -Double.leastNonzeroMagnitude, -0.0, 0, .leastNonzeroMagnitude, 1, .infinity]
        let keys = sorted.map(SpilledValues.key)
        #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        for x in sorted { #expect(SpilledValues.value(key: SpilledValues.key(x)).bitPattern == x.bitPattern) }
    }

    @Test func refusesWhatSortedDataWouldRefuse() throws {
        #expect(throws: (any Error).self) { try SpilledValues().quantile(0.5) }
        var v = SpilledValues(memoryLimit: 1)
        try v.append(1)
        try v.append(.nan)
        #expect(throws: (any Error).self) { try v.quantile(0.5) }
    }
}
