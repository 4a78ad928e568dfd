import Foundation
import Testing

@testable import Stats

/// A rate random walk beside a Gauss–Markov bias (issue 24: chosen by AIC, K was missed in 3 of 5 records and σ_GM
/// then came out 18.4–19.1 against a true 15 with intervals excluding it). The bias is now always fitted with K ≥ 0
/// beside it and K is reported only when the parametric-bootstrap likelihood-ratio test rejects K = 0 at 5%. The
/// large version is `sensorbench dev allan-coverage` (phone scale, docs/recordings.md).
@Suite struct AllanWalkBesideGaussMarkovTests {
    /// White noise N = 0.005, a Gauss–Markov bias σ = 0.01, T = 10 s, and a rate random walk K, over 1000 s at 10 Hz
    /// (100 T), the exact discretisation of each process.
    static func rates(walk k: Double, seed: UInt64, trial: Int) throws -> [Double] {
        let tau0 = 0.1
        let sigma = 0.01
        let t = 10.0
        let n = 0.005
        let phi = exp(-tau0 / t)
        let driving = sigma * (1 - phi * phi).squareRoot()
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(trial)))
        var bias = stream.gaussian(sigma: sigma)
        var walk = 0.0
        return (0..<10_000).map { _ -> Double in
            let y = bias + walk + stream.gaussian(sigma: n / tau0.squareRoot())
            bias = phi * bias + stream.gaussian(sigma: driving)
            walk += stream.gaussian(sigma: k * tau0.squareRoot())
            return y
        }
    }

    /// Over `replications` records of ``rates(walk:seed:trial:)`` (40 resamples each, record r seeded r + 1): how
    /// often the bias is identified and its σ (0.01) and T (10 s) intervals hold the truth, and how often K is
    /// read and its interval holds `walk`.
    ///
    /// Also the record's mean rate against the turn-on bias (0: the bias process is zero-mean, the walk starts at 0),
    /// with the interval mean ± 1.959964·√Var(mean) from ``AllanNoiseTerms/varianceOfMean(recordSeconds:)`` (L =
    /// 1000 s) and, for comparison, from the chosen model at its fitted K alone (the interval before 2026-12-05, which
    /// `dev allan-coverage 400` measured at 74–77% with a walk at phone scale). The tests below ask the mean's
    /// Clopper–Pearson interval of coverage to include 0.95 or lie above it. Measured when written: 199 of 200 (K =
    /// 10⁻³) and 195 of 200 (K = 5·10⁻⁴); at the fitted K alone 149 and 154 of 200, which fail.
    static func coverage(walk trueK: Double, seed: UInt64, replications: Int) throws -> (
        identified: Int, sigmaCovered: Int, timeCovered: Int, walkRead: Int, walkCovered: Int, meanCovered: Int,
        meanCoveredAtFittedK: Int
    ) {
        var c = (
            identified: 0, sigmaCovered: 0, timeCovered: 0, walkRead: 0, walkCovered: 0, meanCovered: 0,
            meanCoveredAtFittedK: 0
        )
        for r in 0..<replications {
            let rates = try Self.rates(walk: trueK, seed: seed, trial: r)
            let terms = try AllanNoiseTerms(
                curve: try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: 0.1), resamples: 40,
                seed: UInt64(r + 1))
            let mean = rates.reduce(0, +) / Double(rates.count)
            if let v = terms.varianceOfMean(recordSeconds: 1000), abs(mean) <= 1.959964 * v.squareRoot() {
                c.meanCovered += 1
            }
            if let v = terms.model?.varianceOfMean(recordSeconds: 1000), abs(mean) <= 1.959964 * v.squareRoot() {
                c.meanCoveredAtFittedK += 1
            }
            if let k = terms.rateRandomWalk {
                c.walkRead += 1
                if k.interval.contains(trueK) { c.walkCovered += 1 }
            }
            guard case .gaussMarkov(let gm) = terms.biasInstability else { continue }
            c.identified += 1
            if gm.sigma.interval.contains(0.01) { c.sigmaCovered += 1 }
            if gm.correlationTime.interval.contains(10) { c.timeCovered += 1 }
        }
        return c
    }

    /// K = 10⁻³ (its Allan deviation K·√(τ/3) is 5 times the bias's tail √(2σ²T/τ) at τ = 410 s, the record's
    /// longest octave, as large at τ = 100 s, and 0.4 times the bias's peak 0.617σ at τ = 19 s), 200 records with 40
    /// resamples. K is identified in at least 40 (the test has little power here: the walk shows only in the last
    /// octaves, with 1–7 degrees of freedom, and records simulated from the bias alone rise there too; 66 of these 200
    /// when written, an identification rate of 0.33, so 40 is 4 binomial standard errors below). The Clopper–Pearson
    /// 95% interval of each coverage must include 0.95 or lie above it: σ_GM's and T's where the bias is identified,
    /// and K's where K is read (issue 24, part o). K's percentile interval at the fitted K covered 53 of the 66 (upper
    /// end 0.891: fails), every miss wholly below the truth (K̂ is biased low beside the bias); its test-inversion
    /// interval covers 65 of 66. Measured when written: σ 198 and T 199 of 200 (about 110 s of CPU in a debug build).
    @Test func walkBesideTheBiasIsFoundAndItsIntervalsCover() throws {
        let replications = 200
        let c = try Self.coverage(walk: 1e-3, seed: 2410, replications: replications)
        #expect(c.identified >= replications - 2, "bias identified \(c.identified)")
        #expect(c.walkRead >= 40, "K identified \(c.walkRead) of \(replications)")
        let mean = try Proportion(successes: c.meanCovered, trials: replications).clopperPearson()
        #expect(mean.high >= 0.95, "mean rate \(c.meanCovered) of \(replications) (at the fitted K: \(c.meanCoveredAtFittedK))")
        for (name, k, n) in [("σ", c.sigmaCovered, c.identified), ("T", c.timeCovered, c.identified), ("K", c.walkCovered, c.walkRead)] {
            let interval = try Proportion(successes: k, trials: n).clopperPearson()
            #expect(interval.high >= 0.95, "\(name) coverage \(k) of \(n): \(interval)")
        }
    }

    /// σ_GM's and T's intervals beside a walk the test often misses (issue 24, part l): K = 5·10⁻⁴, the fast design's
    /// counterpart of `dev allan-coverage`'s weak 5·10⁻⁵ °/s/√s (its Allan deviation K·√(τ/3) is 2.6 times the bias's tail
    /// √(2σ²T/τ) at the longest octave in both). The bootstrap at the fitted K alone covered σ_GM in 175 of 200 phone-scale
    /// records (87.5%; 82.1–91.7%); the intervals are now maximised over K's confidence set (Berger–Boos). Over 200 records
    /// of 40 resamples the Clopper–Pearson 95% interval of each coverage must include 0.95 or lie above it (the issue's
    /// "done when"): with 200 records that needs at least 184 covered (the upper end of 184/200 is 0.9536, of 183/200
    /// 0.9497), so a true coverage of 87.5% fails with probability 0.97 and one of 95% passes with probability 0.976
    /// (binomial sums, P(X ≤ 183)). Measured when written: σ 198 and T 198 of 200 (about 90 s of CPU in a
    /// debug build). The intervals at the fitted K alone fail here (T 183 of 200, 86.7–95.0%; σ 184), though they pass
    /// over the first 120 records (σ 114, T 111), which is why the test uses 200 (notes/issue-24l.md).
    @Test func gaussMarkovIntervalsCoverBesideAWeakWalk() throws {
        let replications = 200
        let c = try Self.coverage(walk: 5e-4, seed: 2412, replications: replications)
        #expect(c.identified >= replications - 2, "bias identified \(c.identified)")
        for (name, k) in [("σ", c.sigmaCovered), ("T", c.timeCovered)] {
            let interval = try Proportion(successes: k, trials: c.identified).clopperPearson()
            #expect(interval.high >= 0.95, "\(name) coverage \(k) of \(c.identified): \(interval)")
        }
        let mean = try Proportion(successes: c.meanCovered, trials: replications).clopperPearson()
        #expect(mean.high >= 0.95, "mean rate \(c.meanCovered) of \(replications) (at the fitted K: \(c.meanCoveredAtFittedK))")
    }

    /// K = 0: the test reports a walk in at most 5% + 3 binomial standard errors of 24 records (4), and whenever K
    /// is not identified, the reason gives the test's p above 5% or a fitted K of 0, never a number for K.
    @Test func noWalkIsRarelyReported() throws {
        let replications = 24
        var reported = 0
        for r in 0..<replications {
            let rates = try Self.rates(walk: 0, seed: 2411, trial: r)
            let terms = try AllanNoiseTerms(
                curve: try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: 0.1), resamples: 40,
                seed: UInt64(r + 1))
            guard case .gaussMarkov = terms.biasInstability else { continue }
            if terms.rateRandomWalk != nil {
                reported += 1
            } else {
                let why = try #require(terms.rateRandomWalkReason)
                #expect(why.contains("above the test's 5% level") || why.contains("comes out 0"), "\(why)")
            }
        }
        #expect(Double(reported) <= 24 * (0.05 + AllanCoverageTests.tolerance(0.05, replications)), "K reported in \(reported)")
    }

    /// The sentence "explained by a rate random walk" appears exactly when K is identified: over the white-noise
    /// plus rate-random-walk records of ``AllanCoverageTests/rateRandomWalkIntervalCovers()`` (K missed in about
    /// one in five), every text is checked, and both cases occur.
    @Test func explainedByARateRandomWalkOnlyWhenKIsRead() throws {
        var withSentence = 0
        var withoutK = 0
        for r in 0..<60 {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 4200, trialIndex: UInt64(r)))
            var walk = 0.0
            let rates = (0..<4096).map { _ -> Double in
                walk += stream.gaussian(sigma: 0.05 * 0.01.squareRoot())
                return walk + stream.gaussian(sigma: 0.01 / 0.01.squareRoot())
            }
            let terms = try AllanNoiseTerms(
                curve: try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: 0.01), resamples: 20)
            var texts = [terms.rateRandomWalkReason, terms.angleRandomWalkReason].compactMap { $0 }
            if case .notIdentified(let why) = terms.biasInstability { texts.append(why) }
            let says = texts.contains { $0.contains("explained by a rate random walk") }
            #expect(says == false || terms.rateRandomWalk != nil, "record \(r): \(texts)")
            if says { withSentence += 1 }
            if terms.rateRandomWalk == nil { withoutK += 1 }
        }
        #expect(withSentence > 0 && withoutK > 0, "sentence \(withSentence), K missing \(withoutK)")
    }
}
