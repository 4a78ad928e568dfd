import TestSupport
import Testing

@testable import Stats

@Suite struct ProportionTests {
    /// Every row of binomial_intervals.csv (mpmath, 40 digits, printed to 15 significant digits, so the
    /// tolerance is 1e-12 relative; several rows also agree with Newcombe 1998 and R's binom package).
    @Test func everyReferenceRow() throws {
        let table = try Fixtures.csv("binomial_intervals.csv")
        func column(_ name: String) throws -> Int {
            guard let index = table.header.firstIndex(of: name) else { throw FixtureError.malformed(name) }
            return index
        }
        let (xi, ni, ci) = (try column("x"), try column("n"), try column("conf_level"))
        let (wl, wu) = (try column("wilson_lower"), try column("wilson_upper"))
        let (cl, cu) = (try column("clopper_pearson_lower"), try column("clopper_pearson_upper"))
        #expect(table.rows.count == 32)
        var worst = 0.0
        for row in table.rows {
            guard let x = Int(row[xi]), let n = Int(row[ni]), let confidence = Double(row[ci]),
                let wilsonLow = Double(row[wl]), let wilsonHigh = Double(row[wu]),
                let exactLow = Double(row[cl]), let exactHigh = Double(row[cu])
            else { throw FixtureError.malformed(row.joined(separator: ",")) }
            let proportion = try Proportion(successes: x, trials: n)
            #expect(proportion.estimate == Double(x) / Double(n))
            let wilson = try proportion.wilson(confidence: confidence)
            let exact = try proportion.clopperPearson(confidence: confidence)
            for (computed, reference, label) in [
                (wilson.low, wilsonLow, "wilson low"), (wilson.high, wilsonHigh, "wilson high"),
                (exact.low, exactLow, "clopper-pearson low"), (exact.high, exactHigh, "clopper-pearson high"),
            ] {
                if reference == 0 || reference == 1 {
                    // README: x = 0 gives a lower bound of exactly 0, x = n an upper bound of exactly 1.
                    #expect(computed == reference, "\(label) x=\(x) n=\(n) conf=\(confidence)")
                } else {
                    let relative = abs(computed - reference) / reference
                    worst = max(worst, relative)
                    #expect(relative <= 1e-12, "\(label) x=\(x) n=\(n) conf=\(confidence): \(computed) vs \(reference)")
                }
            }
        }
        print("binomial reference rows: worst relative error \(worst)")
    }

    @Test func invalidInputThrows() throws {
        #expect(throws: StatsError.self) { try Proportion(successes: 0, trials: 0) }
        #expect(throws: StatsError.self) { try Proportion(successes: -1, trials: 5) }
        #expect(throws: StatsError.self) { try Proportion(successes: 6, trials: 5) }
        let p = try Proportion(successes: 2, trials: 5)
        #expect(throws: StatsError.self) { try p.wilson(confidence: 1) }
        #expect(throws: StatsError.self) { try p.clopperPearson(confidence: 0) }
        #expect(throws: StatsError.self) { try p.wilson(confidence: .nan) }
    }
}
