import Foundation
import TestSupport
import Testing

@testable import Stats

/// The overlapping Allan deviation against NIST SP 1065's test data (see Fixtures/ALLAN-REFERENCE-README.md).
@Suite struct AllanDeviationTests {
    /// The 1000-point NBS set (SP 1065 §12.4): y_i = n_i/2147483647 with the Lehmer generator; the CSV holds y_i.
    func nbs1000() throws -> [Double] {
        let table = try Fixtures.csv("nbs14_1000_freq.csv")
        let column = try #require(table.header.firstIndex(of: "y_i"))
        return try table.rows.map { try #require(Double($0[column])) }
    }

    @Test func matchesPublishedSP1065Table() throws {
        // Published OADEV at τ = 1, 10, 100 s (SP 1065 p. 108, 7 significant figures), τ0 = 1 s.
        let published = try Fixtures.csv("sp1065_table31_1000point_published.csv")
        let rows = published.rows.filter { $0[0] == "oadev" }
        #expect(rows.count == 3)
        let curve = try AllanDeviation.overlapping(
            rates: try nbs1000(), sampleIntervalSeconds: 1,
            factors: .explicit(rows.map { Int($0[2]) ?? 0 }))
        for (row, point) in zip(rows, curve.points) {
            // Rounded to the published 7 significant figures, the value must be the published text exactly.
            let published = try #require(Double(row[4]))
            #expect(String(format: "%.6e", point.deviation) == String(format: "%.6e", published), "m = \(row[2])")
        }
    }

    @Test func matchesExactRecomputationAtEveryTau() throws {
        // Exact-arithmetic recomputation (the reference README): OADEV and the number of terms for 12 factors.
        let table = try Fixtures.csv("nbs14_1000_computed_devs.csv")
        let h = table.header
        let mColumn = try #require(h.firstIndex(of: "m"))
        let oadevColumn = try #require(h.firstIndex(of: "oadev"))
        let termsColumn = try #require(h.firstIndex(of: "oadev_terms"))
        let factors = try table.rows.map { try #require(Int($0[mColumn])) }
        let curve = try AllanDeviation.overlapping(rates: try nbs1000(), sampleIntervalSeconds: 1, factors: .explicit(factors))
        for (row, point) in zip(table.rows, curve.points) {
            let expected = try #require(Double(row[oadevColumn]))
            #expect(abs(point.deviation - expected) <= 1e-12 * expected, "m = \(point.averagingFactor)")
            #expect(point.terms == Int(row[termsColumn]))
            #expect(point.tauSeconds == Double(point.averagingFactor))
            #expect(point.interval.contains(point.deviation))
        }
    }

    @Test func matchesNinePointSet() throws {
        // SP 1065 9-point set: published OADEV(τ=1) = 91.22945, OADEV(τ=2) = 85.95287; exact recomputation beside.
        let data = try Fixtures.csv("nbs14_9point.csv").rows.map { try #require(Double($0[1])) }
        let published = try Fixtures.csv("nbs14_9point_published.csv").rows.filter { $0[0] == "oadev" }
        let curve = try AllanDeviation.overlapping(rates: data, sampleIntervalSeconds: 1, factors: .explicit([1, 2]))
        for (row, point) in zip(published, curve.points) {
            let value = try #require(Double(row[3]))
            let exact = try #require(Double(row[4]))
            #expect(String(format: "%.6e", point.deviation) == String(format: "%.6e", value))
            #expect(abs(point.deviation - exact) <= 1e-12 * exact)
        }
    }

    @Test func octaveFactorsLeaveATermEach() {
        #expect(AllanDeviation.octaveFactors(sampleCount: 9) == [1, 2, 4])
        #expect(AllanDeviation.octaveFactors(sampleCount: 8) == [1, 2, 4])
        #expect(AllanDeviation.octaveFactors(sampleCount: 1000).last == 256)
    }

    @Test func scalesLinearlyWithTheRateUnitAndTau0() throws {
        // σ_y is linear in y, and with τ = m·τ0 a different τ0 only relabels τ (SP 1065 estimator, by inspection).
        let y = try nbs1000()
        let a = try AllanDeviation.overlapping(rates: y, sampleIntervalSeconds: 1, factors: .explicit([10]))
        let b = try AllanDeviation.overlapping(
            rates: y.map { $0 * 180 / .pi }, sampleIntervalSeconds: 0.01,
            factors: .explicit([10]))
        #expect(abs(b.points[0].deviation - a.points[0].deviation * 180 / .pi) <= 1e-12 * b.points[0].deviation)
        #expect(abs(b.points[0].tauSeconds - 0.1) < 1e-15)
    }

    @Test func refusesBadInput() {
        #expect(throws: StatsError.self) { try AllanDeviation.overlapping(rates: [1], sampleIntervalSeconds: 1) }
        #expect(throws: StatsError.self) { try AllanDeviation.overlapping(rates: [1, .nan, 2], sampleIntervalSeconds: 1) }
        #expect(throws: StatsError.self) { try AllanDeviation.overlapping(rates: [1, 2, 3], sampleIntervalSeconds: 0) }
        #expect(throws: StatsError.self) {
            try AllanDeviation.overlapping(rates: [1, 2, 3, 4], sampleIntervalSeconds: 1, factors: .explicit([3]))
        }
    }
}
