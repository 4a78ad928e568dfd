import Foundation
import Testing

@testable import Stats

@Suite struct ClusteredRateTests {
    /// Four clusters with 2 events in 1 h each show no dispersion (X² = 0), so φ = 1 and the interval is Garwood's
    /// for 8 events in 4 h: [χ²₀.₀₂₅(16)/2, χ²₀.₉₇₅(18)/2]/4 = [6.907664/2, 31.52638/2]/4 = [0.863458, 3.940797]
    /// (χ² quantiles from R's qchisq / scipy.stats.chi2.ppf).
    @Test func noDispersionIsGarwood() throws {
        let r = ClusteredRate(counts: [2, 2, 2, 2], exposures: [1, 1, 1, 1])
        #expect(r.rate == 2)
        #expect(r.pearsonDispersion == 0)
        #expect(try r.dispersionUsed() == 1)
        let ci = try #require(try r.interval())
        #expect(abs(ci.low - 0.8634580441871254) < 1e-9)
        #expect(abs(ci.high - 3.9407973050483283) < 1e-9)
    }

    /// By hand: counts 1, 3, 0, 2 in 0.5, 1, 1, 0.5 h: Y = 6, T = 3, λ̂ = 2, Σy²/t = 2 + 9 + 0 + 8 = 19,
    /// X² = 19/2 − 6 = 3.5, φ̂ = 3.5/3 = 1.166667; t₀.₉₇₅,₃ = 3.182446, z₀.₉₇₅ = 1.959964, (t/z)² = 2.636486,
    /// φ = 3.075900; effective count 6/φ = 1.950649; interval [χ²₀.₀₂₅(3.901298)/2, χ²₀.₉₇₅(5.901298)/2]·φ/3
    /// = [0.232773, 7.327006] (quantiles from scipy.stats).
    @Test func handCalculatedDispersion() throws {
        let r = ClusteredRate(counts: [1, 3, 0, 2], exposures: [0.5, 1, 1, 0.5])
        #expect(r.clusters == 4 && r.events == 6 && r.exposure == 3)
        #expect(abs((r.pearsonDispersion ?? 0) - 3.5 / 3) < 1e-12)
        #expect(abs(try r.dispersionUsed() - 3.0759) < 1e-3)
        let ci = try #require(try r.interval())
        #expect(abs(ci.low - 0.23277300794219766) < 1e-7)
        #expect(abs(ci.high - 7.327005802697489) < 1e-7)
    }

    /// No events: φ cannot be estimated and the bound is Garwood's −ln(0.025)/T = 3.688879/6 = 0.614813.
    @Test func zeroEventsKeepGarwoodsBound() throws {
        let r = ClusteredRate(counts: [0, 0, 0], exposures: [1, 2, 3])
        #expect(r.pearsonDispersion == nil)
        let ci = try #require(try r.interval())
        #expect(ci.low == 0)
        #expect(abs(ci.high - 3.688879454113936 / 6) < 1e-9)
        #expect(abs((try ClusteredRate.minimumExposure(toShowAtMost: 1) ?? 0) - 3.688879454113936) < 1e-9)
        #expect(try ClusteredRate.minimumExposure(toShowAtMost: 0) == nil)
        #expect(try ClusteredRate.empty.interval() == nil)
    }

    /// The statistics add: two halves merged equal the whole; a cluster without exposure is no cluster.
    @Test func mergesByAddition() {
        let whole = ClusteredRate(counts: [1, 3, 0, 2], exposures: [0.5, 1, 1, 0.5])
        let halves =
            ClusteredRate(counts: [1, 3], exposures: [0.5, 1]) + ClusteredRate(counts: [0, 2], exposures: [1, 0.5])
        #expect(whole == halves)
        #expect(ClusteredRate(events: 0, exposure: 0).clusters == 0)
    }

    /// Coverage on overdispersed counts. 400 replications of 36 clusters of 1/6 h, each with its own rate
    /// λᵢ = 12·Z² (Z standard normal: a gamma with shape ½ and mean 12, so the counts are gamma–Poisson with
    /// dispersion 1 + 2·12/6 = 5). The nominal 95% interval's coverage must lie within 0.95 ± 3.29·√(0.95·0.05/400)
    /// = [0.914, 0.986] (a 99.9% binomial band for 400 replications); Garwood's interval, which assumes
    /// independent events, covers about 63% (simulated), far below 0.95 − 3.29·0.011: the test asks < 0.85.
    @Test func coverageOnGammaPoissonClusters() throws {
        let replications = 400
        let clusters = 36
        let hours = 1.0 / 6
        let rate = 12.0
        var clustered = 0
        var garwood = 0
        for k in 0..<replications {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 20_261_201, trialIndex: UInt64(k)))
            var counts: [Int] = []
            for _ in 0..<clusters {
                let z = stream.standardNormal()
                counts.append(stream.poisson(mean: rate * z * z * hours))
            }
            let r = ClusteredRate(counts: counts, exposures: Array(repeating: hours, count: clusters))
            if let ci = try r.interval(), ci.contains(rate) { clustered += 1 }
            let pooled = ClusteredRate(events: r.events, exposure: r.exposure)
            if let ci = try pooled.interval(), ci.contains(rate) { garwood += 1 }
        }
        let coverage = Double(clustered) / Double(replications)
        let naive = Double(garwood) / Double(replications)
        #expect(coverage >= 0.914 && coverage <= 0.986, "clustered coverage \(coverage)")
        #expect(naive < 0.85, "Garwood coverage \(naive)")
    }
}

@Suite struct ClusteredRateFloorTests {
    /// No events over 6 h with a floor of 10: the effective exposure is 6/10 h, so the bound is
    /// 10·χ²₀.₉₇₅(2)/2/6 = 10·3.688879/6 = 6.148132 (scipy.stats.chi2.ppf); a floor of 1 (or below) gives
    /// ``ClusteredRate/interval(confidence:)`` exactly, and the floored interval is never narrower than Garwood's.
    @Test func zeroEventsScaleByTheFloor() throws {
        let r = ClusteredRate(counts: [0, 0, 0], exposures: [1, 2, 3])
        let floored = try #require(try r.interval(dispersionFloor: 10))
        #expect(floored.low == 0)
        #expect(abs(floored.high - 6.148132423523226) < 1e-9)
        #expect(try r.interval(dispersionFloor: 1) == (try r.interval()))
        #expect(try r.interval(dispersionFloor: 0.2) == (try r.interval()))
        let busy = ClusteredRate(counts: [1, 3, 0, 2], exposures: [0.5, 1, 1, 0.5])
        #expect(try busy.interval(dispersionFloor: 1) == (try busy.interval()))
        let wide = try #require(try busy.interval(dispersionFloor: 8))
        let garwood = try #require(try ClusteredRate(events: 6, exposure: 3).interval())
        #expect(wide.low <= garwood.low && wide.high >= garwood.high)
        #expect(try busy.dispersionUsed(dispersionFloor: 8) == 8)
    }

    /// By hand: A = 20 events in the first of four 1 h clusters: λ̂ = 5, X² = 400/5 − 20 = 60, φ̂ = 20, times
    /// (t₀.₉₇₅,₃/z₀.₉₇₅)² = 2.636489 gives 52.729783; B = 10 events in each cluster: X² = 0, φ = 1; C has 1 event
    /// (fewer than 20: left out). The floor is the median of {52.729783, 1} = 26.864891 (scipy.stats t and norm),
    /// and none of 20 events gives 1.
    @Test func floorIsTheMedianOfTheBusyRates() throws {
        let a = ClusteredRate(counts: [20, 0, 0, 0], exposures: [1, 1, 1, 1])
        let b = ClusteredRate(counts: [10, 10, 10, 10], exposures: [1, 1, 1, 1])
        let c = ClusteredRate(counts: [1, 0, 0, 0], exposures: [1, 1, 1, 1])
        #expect(abs(try ClusteredRate.dispersionFloor(of: [a, b, c]) - 26.86489146116597) < 1e-6)
        #expect(abs(try ClusteredRate.dispersionFloor(of: [a]) - 52.72978292233194) < 1e-6)
        #expect(try ClusteredRate.dispersionFloor(of: [c]) == 1)
        #expect(try ClusteredRate.dispersionFloor(of: []) == 1)
    }
}

@Suite struct ClusteredProportionTests {
    /// A precision of 216 of 216 with a design effect of at least 20: Wilson at p̂ = 1 on n = 216/20 = 10.8 has
    /// low = n/(n + z²) = 10.8/(10.8 + 3.841459) = 0.737631 (z = 1.959964) and high 1; with no floor it is the plain
    /// Wilson interval. The precision design effect (1 − p) + p·φ at p = 0.96, φ = 10 is 0.04 + 9.6 = 9.64, and never
    /// below 1.
    @Test func designEffectFloor() throws {
        let clean = ClusteredProportion(successes: 200, trials: 200) + ClusteredProportion(successes: 16, trials: 16)
        let ci = try #require(try clean.wilson(minimumDesignEffect: 20))
        #expect(abs(ci.low - 0.7376314158487652) < 1e-9)
        #expect(ci.high == 1)
        #expect(try clean.wilson(minimumDesignEffect: 1) == (try clean.wilson()))
        #expect(abs(ClusteredProportion.precisionDesignEffect(precision: 0.96, falseAlarmDispersion: 10) - 9.64) < 1e-12)
        #expect(ClusteredProportion.precisionDesignEffect(precision: 0.5, falseAlarmDispersion: 0.5) == 1)
    }

    /// The ends at p̂ = 1 and p̂ = 0 are exactly 1 and 0: (p̂ + z²/2n + z²/2n)/(1 + z²/n) = 1 and
    /// (z²/2n − z²/2n)/(1 + z²/n) = 0. Evaluated in doubles they came out as 1 − 2⁻⁵³ (4 of 4 at d = 2.11:
    /// 0.9999999999999999) and 8·10⁻¹⁷ (0 of 1 at d = 11.305) for 168 and 223 of 900 cases (N = 1…300, d = 2.11,
    /// 11.305, 14.7; the same arithmetic in Python), so a clean precision's interval missed a true precision of 1.
    @Test func endsAreExactAtZeroAndOne() throws {
        for trials in 1...300 {
            for d in [2.11, 11.30501016, 14.7] {
                let clean = try #require(try ClusteredProportion(successes: trials, trials: trials).wilson(minimumDesignEffect: d))
                #expect(clean.high == 1, "\(trials) of \(trials) at d = \(d): \(clean.high)")
                let none = try #require(try ClusteredProportion(successes: 0, trials: trials).wilson(minimumDesignEffect: d))
                #expect(none.low == 0, "0 of \(trials) at d = \(d): \(none.low)")
            }
        }
    }

    /// By hand: clusters (6 of 6), (3 of 6), (6 of 6), (1 of 2): S = 16, N = 20, p̂ = 0.8; residuals sᵢ − p̂nᵢ =
    /// 1.2, −1.8, 1.2, −0.6, squares sum 1.44 + 3.24 + 1.44 + 0.36 = 6.48; robust variance 4/3·6.48/400 = 0.0216;
    /// binomial 0.16/20 = 0.008; design effect 2.7, effective n 7.407407. Korn and Graubard's factor with m − 1 = 3
    /// degrees of freedom: t₀.₉₇₅,₃ = 3.182446 (scipy.stats.t.ppf), (1.959964/3.182446)² = 0.379292, so n = 2.809573;
    /// Wilson at p̂ = 0.8 with that n: [0.276821, 0.976635] (the Wilson formula evaluated in numpy). Its effective
    /// failures, 0.2·2.809573 = 0.561915, are below x* = 2 (n ≤ 50), so the upper end is Brown, Cai and DasGupta's
    /// 1 − χ²₀.₀₅(1.123829)/2/n = 0.998598 (scipy.stats.chi2.ppf), wider than Wilson's; the successes, 2.247658, are
    /// above 2, so the lower end stays Wilson's.
    ///
    /// Two clusters (1 of 2), (1 of 2): the residuals are 0, so d = 1, but d was estimated (p̂ = 0.5, m = 2) and the
    /// factor with one degree of freedom applies: t₀.₉₇₅,₁ = 12.706205, n = 4·(1.959964/12.706205)² = 0.095174,
    /// Wilson [0.006081, 0.993919]; 0.047588 effective successes and failures give the Poisson ends
    /// χ²₀.₀₅(0.095175)/2/n = 2.8·10⁻²⁷ and 1 (to double precision). One cluster (3 of 6) has no estimated d and no
    /// factor, and 3 successes and 3 failures are above x* = 2: the plain Wilson interval.
    @Test func handCalculatedDesignEffect() throws {
        var p = ClusteredProportion.empty
        for (s, n) in [(6, 6), (3, 6), (6, 6), (1, 2)] { p = p + ClusteredProportion(successes: s, trials: n) }
        #expect(p.estimate == 0.8)
        #expect(abs(p.designEffect - 2.7) < 1e-12)
        let ci = try #require(try p.wilson())
        #expect(abs(ci.low - 0.27682093492631993) < 1e-9)
        #expect(abs(ci.high - 0.9985976443668765) < 1e-9)

        let two = ClusteredProportion(successes: 1, trials: 2) + ClusteredProportion(successes: 1, trials: 2)
        #expect(two.designEffect == 1)
        let twoInterval = try #require(try two.wilson())
        #expect(twoInterval.low < 1e-20)
        #expect(abs(twoInterval.high - 1) < 1e-12)
        #expect(
            try ClusteredProportion(successes: 3, trials: 6).wilson() == (try Proportion(successes: 3, trials: 6).wilson()))
    }

    /// Without clustering (all successes, or one cluster) it is the plain Wilson interval.
    @Test func plainWilsonWithoutClustering() throws {
        let all = ClusteredProportion(successes: 4, trials: 4) + ClusteredProportion(successes: 3, trials: 3)
        #expect(all.designEffect == 1)
        #expect(try all.wilson() == (try Proportion(successes: 7, trials: 7).wilson()))
        #expect(try ClusteredProportion.empty.wilson() == nil)
    }

    /// Coverage on clustered proportions: 400 replications of 36 clusters of 6 trials, each cluster's success
    /// probability drawn from Beta(4, 1) (mean 0.8, intra-cluster correlation 1/(4 + 1 + 1) = 1/6, design effect
    /// 1 + 5/6 ≈ 1.83), drawn as G₄/(G₄ + G₁) with Gₖ a sum of k unit exponentials. Coverage within the 99.9%
    /// binomial band [0.914, 0.986] of 0.95; the plain Wilson interval covers about 85% (simulated): < 0.9.
    @Test func coverageOnBetaBinomialClusters() throws {
        var effective = 0
        var plain = 0
        for k in 0..<400 {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1_202_612, trialIndex: UInt64(k)))
            var p = ClusteredProportion.empty
            for _ in 0..<36 {
                let g4 = (0..<4).reduce(0.0) { s, _ in s + stream.exponential(mean: 1) }
                let g1 = stream.exponential(mean: 1)
                let pi = g4 / (g4 + g1)
                let s = (0..<6).reduce(0) { n, _ in n + (stream.bernoulli(pi) ? 1 : 0) }
                p = p + ClusteredProportion(successes: s, trials: 6)
            }
            if let ci = try p.wilson(), ci.contains(0.8) { effective += 1 }
            if try Proportion(successes: p.successes, trials: p.trials).wilson().contains(0.8) { plain += 1 }
        }
        let coverage = Double(effective) / 400
        #expect(coverage >= 0.914 && coverage <= 0.986, "effective-n Wilson coverage \(coverage)")
        #expect(Double(plain) / 400 < 0.9, "plain Wilson coverage \(Double(plain) / 400)")
    }

    /// Brown, Cai and DasGupta's (2001, §4.1.1) modification where the failures (or successes) are few. One cluster of
    /// 70 of 71 (one failure, x* = 3 as n > 50): Wilson's upper end is 0.997509 (numpy), below a true share of 0.998;
    /// the modified one is 1 − χ²₀.₀₅(2)/2/71 = 1 − (−ln 0.95)/71 = 0.999278. 1 of 71: low (−ln 0.95)/71 = 0.000722.
    /// 8 of 10 (2 failures, x* = 2 as n ≤ 50): high 1 − χ²₀.₀₅(4)/2/10 = 1 − 0.355362/10 = 0.964464 (Wilson 0.943318).
    /// 4 failures of 71 are above x*: the plain Wilson interval.
    ///
    /// Coverage, the exact binomial sum Σₖ C(n,k)pᵏ(1 − p)ⁿ⁻ᵏ over the k whose interval holds p: at n = 71 and
    /// p = 0.998 (the quiet `shake-threshold-tuning` settings' single-event share, about 71 detected shakes a day)
    /// Wilson's covers 86.7% and the modified one 99.1%; at n = 95, p = 0.995, 91.8% and 98.8%; the lowest over 1000
    /// shares 0.9–0.9999 at n = 71 is 84.3% for Wilson's and 92.8% for the modified one (the same sums in scipy). The
    /// test fails with Wilson's interval.
    @Test func fewFailuresNearOne() throws {
        let one = try #require(try ClusteredProportion(successes: 70, trials: 71).wilson())
        #expect(abs(one.high - (1 + log(0.95) / 71)) < 1e-9, "\(one)")
        #expect(abs(one.low - (try Proportion(successes: 70, trials: 71).wilson()).low) < 1e-12)
        let rare = try #require(try ClusteredProportion(successes: 1, trials: 71).wilson())
        #expect(abs(rare.low + log(0.95) / 71) < 1e-9, "\(rare)")
        let ten = try #require(try ClusteredProportion(successes: 8, trials: 10).wilson())
        #expect(abs(ten.high - 0.9644638489301338) < 1e-9, "\(ten)")
        #expect(try ClusteredProportion(successes: 67, trials: 71).wilson() == (try Proportion(successes: 67, trials: 71).wilson()))
        func coverage(_ n: Int, _ p: Double) throws -> Double {
            var total = 0.0
            for k in 0...n {
                let ci = try #require(try ClusteredProportion(successes: k, trials: n).wilson())
                guard ci.low <= p, p <= ci.high else { continue }
                let logChoose = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
                total += exp(logChoose + Double(k) * log(p) + Double(n - k) * log1p(-p))
            }
            return total
        }
        #expect(try coverage(71, 0.998) >= 0.95)
        #expect(try coverage(95, 0.995) >= 0.95)
        var lowest = 1.0
        for i in 0..<1000 { lowest = min(lowest, try coverage(71, 0.9 + 0.0999 * Double(i) / 999)) }
        #expect(lowest >= 0.92, "lowest coverage at n = 71: \(lowest)")
    }
}
