import Testing

@testable import Stats

@Suite struct DescriptiveTests {
    /// Hand calculation for [2, 4, 4, 4, 5, 5, 7, 9] (given shuffled so the sort is exercised):
    /// mean = 40/8 = 5; Σ(x − 5)² = 9+1+1+1+0+0+4+16 = 32, so sd = √(32/7); Σx² = 232, so rms = √(232/8) = √29;
    /// GSL quantiles, h = (n − 1)p = 7p: median h = 3.5 → (4 + 5)/2 = 4.5; p95 h = 6.65 → 7 + 0.65·(9 − 7) = 8.3.
    @Test func summaryMatchesHandCalculation() throws {
        let s = try Descriptive.summary([5, 9, 4, 2, 7, 4, 5, 4])
        #expect(s.count == 8)
        #expect(s.mean == 5)
        #expect(abs(s.standardDeviation - (32.0 / 7).squareRoot()) <= 1e-15 * s.standardDeviation)
        #expect(abs(s.rms - 29.0.squareRoot()) <= 1e-15 * s.rms)
        #expect(s.median == 4.5)
        #expect(abs(s.p95 - 8.3) <= 1e-14)
        #expect(s.minimum == 2)
        #expect(s.maximum == 9)
    }

    /// One value: the sample standard deviation is defined as 0 here (documented), everything else is the value.
    @Test func singleValue() throws {
        let s = try Descriptive.summary([-3])
        #expect(
            s
                == Summary(
                    count: 1, mean: -3, standardDeviation: 0, rms: 3, median: -3, p95: -3,
                    minimum: -3, maximum: -3))
    }

    /// GSL's type-7 quantile by hand on [10, 20, 30, 40, 50]: h = 4p; p = 0.1 → h = 0.4 → 10 + 0.4·10 = 14;
    /// p = 0.625 → h = 2.5 → 35; p = 0 → minimum; p = 1 → maximum.
    @Test func quantileDefinition() throws {
        let data: [Double] = [10, 20, 30, 40, 50]
        #expect(abs(try Descriptive.quantile(sorted: data, probability: 0.1) - 14) <= 1e-13)
        #expect(try Descriptive.quantile(sorted: data, probability: 0.625) == 35)
        #expect(try Descriptive.quantile(sorted: data, probability: 0) == 10)
        #expect(try Descriptive.quantile(sorted: data, probability: 1) == 50)
        #expect(try Descriptive.mean(data) == 30)
    }

    @Test func invalidInputThrows() {
        #expect(throws: StatsError.self) { try Descriptive.summary([]) }
        #expect(throws: StatsError.self) { try Descriptive.summary([1, .nan, 2]) }
        #expect(throws: StatsError.self) { try Descriptive.summary([1, .infinity]) }
        #expect(throws: StatsError.self) { try Descriptive.mean([]) }
        #expect(throws: StatsError.self) { try Descriptive.quantile(sorted: [1, 2], probability: 1.5) }
        #expect(throws: StatsError.self) { try Descriptive.quantile(sorted: [1, 2], probability: -0.1) }
        #expect(throws: StatsError.self) { try Descriptive.quantile(sorted: [1, 2], probability: .nan) }
        #expect(throws: StatsError.self) { try Descriptive.quantile(sorted: [2, 1], probability: 0.5) }
        #expect(throws: StatsError.self) { try Descriptive.quantile(sorted: [], probability: 0.5) }
    }

    /// Shift invariance on a large sample: the standard deviation of 10⁹ + {0, 1, …, 999} equals that of
    /// {0, …, 999}, √(n(n + 1)/12) with n = 1000 (closed form for consecutive integers), despite the offset.
    @Test func largeOffsetKeepsPrecision() throws {
        let values = (0..<1000).map { 1e9 + Double($0) }
        let s = try Descriptive.summary(values.reversed())
        let expected = (1000.0 * 1001 / 12).squareRoot()
        #expect(abs(s.standardDeviation - expected) <= 1e-9 * expected)
        #expect(s.median == 1e9 + 499.5)
        #expect(s.minimum == 1e9 && s.maximum == 1e9 + 999)
    }
}
