import Foundation
import Testing

@testable import Stats

/// Quantiles where GSL's own inverse returns NaN, repaired by bisection on GSL's forward tails (``TailInversion``).
/// References: SciPy 1.x `scipy.stats.beta.ppf`/`isf` and `f.ppf` (printed with `repr`), and closed forms written here.
@Suite struct TailInversionTests {
    /// P(X ≥ k) or P(X ≤ k) for X ~ Binomial(n, p), summed term by term in log space (lgamma), independent of GSL's
    /// beta functions. The Clopper–Pearson bounds are defined by P(X ≥ x | low) = α/2 and P(X ≤ x | high) = α/2.
    static func binomialTail(_ k: Int, _ n: Int, _ p: Double, atLeast: Bool) -> Double {
        let range = atLeast ? k...n : 0...k
        return range.reduce(0.0) { sum, j in
            let logTerm =
                lgamma(Double(n) + 1) - lgamma(Double(j) + 1) - lgamma(Double(n - j) + 1) + Double(j) * log(p)
                + Double(n - j) * log1p(-p)
            return sum + exp(logTerm)
        }
    }

    /// 941 of 1000: `gsl_cdf_beta_Pinv(0.025, 941, 60)` is NaN (GSL 2.7.1), so this interval used to throw.
    @Test func clopperPearsonWhereGSLReturnsNaN() throws {
        let ci = try Proportion(successes: 941, trials: 1000).clopperPearson(confidence: 0.95)
        // scipy.stats.beta.ppf(0.025, 941, 60) and beta.isf(0.025, 942, 59).
        #expect(abs(ci.low - 0.9245509269157592) <= 1e-12 * 0.9245509269157592, "\(ci.low)")
        #expect(abs(ci.high - 0.9547866455972034) <= 1e-12 * 0.9547866455972034, "\(ci.high)")
        #expect(abs(Self.binomialTail(941, 1000, ci.low, atLeast: true) - 0.025) <= 1e-9)
        #expect(abs(Self.binomialTail(941, 1000, ci.high, atLeast: false) - 0.025) <= 1e-9)

        // 380 of 385 (low NaN in GSL) and 5 of 385 (high NaN): beta.ppf(0.025, 380, 6), beta.isf(0.025, 6, 380).
        let near1 = try Proportion(successes: 380, trials: 385).clopperPearson(confidence: 0.95)
        #expect(abs(near1.low - 0.9699543656636502) <= 1e-12 * 0.9699543656636502, "\(near1.low)")
        let near0 = try Proportion(successes: 5, trials: 385).clopperPearson(confidence: 0.95)
        #expect(abs(near0.high - 0.030045634336349804) <= 1e-12 * 0.030045634336349804, "\(near0.high)")
    }

    /// F(1, ν) is T(ν)², so its 0.975 quantile is the square of Student's t at 0.9875; `gsl_cdf_fdist_Pinv(0.975, 1,
    /// 917.33330193268739)` is NaN. SciPy: f.ppf(0.975, 1, 917.33330193268739) = 5.04042113757.
    @Test func fisherQuantileWhereGSLReturnsNaN() throws {
        let nu = 917.33330193268739
        let f = try FisherF.quantile(0.975, numeratorDegrees: 1, denominatorDegrees: nu)
        let t = try StudentT.quantile(0.9875, degreesOfFreedom: nu)
        #expect(abs(f - t * t) <= 1e-12 * f, "\(f) vs \(t * t)")
        #expect(abs(f - 5.04042113757) <= 1e-11 * f, "\(f)")
    }

    /// Where GSL's inverse is right, the answer is GSL's bit for bit: `gsl_cdf_fdist_Pinv(0.975, 10, 1000)` printed
    /// with %.17g is 2.0611329302816515 (SciPy 2.061132930281653), and the χ² quantile at 0.975 with 30 000 degrees
    /// of freedom 30481.982656347918 (SciPy 30481.982656347922).
    @Test func gslAnswersKeptWhereRight() throws {
        #expect(try FisherF.quantile(0.975, numeratorDegrees: 10, denominatorDegrees: 1000) == 2.0611329302816515)
        #expect(try ChiSquared.quantile(0.975, degreesOfFreedom: 30000) == 30481.982656347918)
    }
}
