import Foundation
import Reporting
import SensorSim
import Stats

/// TurnBack's question for one phone, answered from walks that logged their turning: does the arrow's drift grow
/// with time or with turning?
///
/// Model (the simulator's gyro model for one phone, docs/drift.md): drift = b·T + k·θ + e, with T the walk's
/// minutes, θ its total rotation (°), b the phone's bias (°/min), k its turning error (the scale factor and the
/// asymmetry together, per degree turned) and e the in-run noise, mean 0. It is fitted without an intercept (no
/// walk, no drift) by least squares with HC3 standard errors (the in-run noise grows with T) and t intervals on each
/// coefficient's Satterthwaite degrees of freedom (``LinearModel/hc3SatterthwaiteDegreesOfFreedom(terms:includeIntercept:)``,
/// Bell and McCaffrey's construction: on n − 2 the time part covered 93.0% with the 12 walks of a walking plan,
/// `dev plan-check`). At a typical walk (``typicalMinutes``, one full loop ``typicalTurnDegrees``) the time part
/// b̂·T₀ and the turning part k̂·θ₀ get the coefficients' 95% intervals scaled; the verdict is "time" when the
/// smallest |time part| in its interval exceeds the largest |turning part| in its own (and "turning" the other way),
/// "both" when both intervals exclude 0 but neither dominates, and "cannot tell" otherwise.
package struct TimeOrTurning: Sendable {
    package enum Verdict: String, Sendable, Equatable {
        case time, turning, both
        case cannotTell = "cannot tell"

        /// Whether the walks answered the question.
        package var answered: Bool { self != .cannotTell }
    }

    /// The walk the answer is phrased for: 10 minutes with one full loop (the "10-minute loop").
    package static let typicalMinutes = 10.0
    package static let typicalTurnDegrees = 360.0

    package let fit: LinearModelFit
    /// b̂·T₀ and k̂·θ₀ with their 95% intervals, degrees.
    package let timePart: (estimate: Double, interval: ConfidenceInterval)
    package let turningPart: (estimate: Double, interval: ConfidenceInterval)
    /// The t intervals' degrees of freedom for b̂ and k̂.
    package let timeDegreesOfFreedom: Double
    package let turningDegreesOfFreedom: Double
    package let verdict: Verdict

    /// - Throws: ``StatsError`` when the two regressors cannot be separated (all walks with the same turning per
    ///   minute, or fewer than 3 walks).
    package init(minutes: [Double], turnedDegrees: [Double], driftDegrees: [Double]) throws(StatsError) {
        let terms = [
            RegressionTerm(name: "minutes", values: minutes), RegressionTerm(name: "turned_deg", values: turnedDegrees),
        ]
        let fit = try LinearModel.fit(response: driftDegrees, terms: terms, includeIntercept: false, covariance: .hc3)
        self.fit = fit
        guard let b = fit.coefficient(named: "minutes"), let k = fit.coefficient(named: "turned_deg") else {
            throw .invalidInput("TimeOrTurning: the fit lost a term")
        }
        let df = try LinearModel.hc3SatterthwaiteDegreesOfFreedom(terms: terms, includeIntercept: false)
        timeDegreesOfFreedom = df[0]
        turningDegreesOfFreedom = df[1]
        func scaled(_ c: LinearModelFit.Coefficient, _ x: Double, _ nu: Double) throws(StatsError) -> (Double, ConfidenceInterval) {
            let half = try StudentT.quantile(1 - (1 - fit.confidenceLevel) / 2, degreesOfFreedom: nu) * c.standardError
            return (c.estimate * x, ConfidenceInterval(low: (c.estimate - half) * x, high: (c.estimate + half) * x))
        }
        timePart = try scaled(b, Self.typicalMinutes, df[0])
        turningPart = try scaled(k, Self.typicalTurnDegrees, df[1])
        verdict = Self.verdict(time: timePart.interval, turning: turningPart.interval)
    }

    /// The verdict from the two parts' intervals (the rule above).
    package static func verdict(time: ConfidenceInterval, turning: ConfidenceInterval) -> Verdict {
        func smallest(_ i: ConfidenceInterval) -> Double { i.low <= 0 && i.high >= 0 ? 0 : min(abs(i.low), abs(i.high)) }
        func largest(_ i: ConfidenceInterval) -> Double { max(abs(i.low), abs(i.high)) }
        if smallest(time) > largest(turning) { return .time }
        if smallest(turning) > largest(time) { return .turning }
        if smallest(time) > 0, smallest(turning) > 0 { return .both }
        return .cannotTell
    }
}

/// What one phone's walks look like in closed form, for planning: drift = b·T + k·θ + e with b and k drawn per
/// phone and e ~ N(0, v(T)), v(T) = N²T + σ_GM²·2τ²(T/τ − 1 + e^(−T/τ)) + K²T³/3 (T in seconds here; docs/drift.md,
/// "What a drift report says").
///
/// A device profile gives b ~ N(measured, SE²) and k = s + a/2 ~ N(ŝ + â/2, SE_s² + SE_a²/4) (turning counter-clockwise,
/// where the simulator applies 1 + s + a/2); a term it did not measure takes the class profile's spread (mean 0) and,
/// for the noise terms, the class profile's value. A class profile gives mean 0 and its spreads.
package struct PhoneDriftModel: Sendable {
    package let biasMeanDegPerSec: Double
    package let biasSDDegPerSec: Double
    package let turnErrorMean: Double
    package let turnErrorSD: Double
    let noiseDensity: Double
    let instabilityDegPerSec: Double
    let correlationSeconds: Double
    let randomWalk: Double

    package init(profile p: GyroProfile) {
        func value(_ field: String, classValue: Double) -> (mean: Double, sd: Double, measured: Bool) {
            guard p.kind == .device else { return (0, classValue, false) }
            if let m = p.measurements[field], let v = m.value { return (v, m.standardError, true) }
            return (0, p.classValues[field] ?? 0, false)
        }
        let bias = value("biasDegPerSec", classValue: p.turnOnBiasDegPerSec)
        let scale = value("scaleFactorErrorPercent", classValue: p.scaleFactorErrorPercent)
        let asymmetry = value("scaleFactorAsymmetryPercent", classValue: p.scaleFactorAsymmetryPercent)
        biasMeanDegPerSec = bias.mean
        biasSDDegPerSec = bias.sd
        turnErrorMean = (scale.mean + asymmetry.mean / 2) / 100
        turnErrorSD = (scale.sd * scale.sd + asymmetry.sd * asymmetry.sd / 4).squareRoot() / 100
        func noise(_ field: String, _ own: Double) -> Double {
            guard p.kind == .device, p.measurements[field]?.value == nil else { return own }
            return p.classValues[field] ?? own
        }
        noiseDensity = noise("noiseDensityDegPerSecPerRootHz", p.noiseDensityDegPerSecPerRootHz)
        instabilityDegPerSec = noise("biasInstabilityDegPerHour", p.biasInstabilityDegPerHour) / 3600
        correlationSeconds = noise("biasCorrelationTimeSeconds", p.biasCorrelationTimeSeconds)
        randomWalk = noise("rateRandomWalkDegPerSecPerRootSec", p.rateRandomWalkDegPerSecPerRootSec)
    }

    /// The in-run variance of a walk of `minutes`, degrees².
    package func inRunVariance(minutes: Double) -> Double {
        let t = minutes * 60
        let tau = correlationSeconds
        let gm = instabilityDegPerSec * instabilityDegPerSec * 2 * tau * tau * (t / tau - 1 + exp(-t / tau))
        return noiseDensity * noiseDensity * t + gm + randomWalk * randomWalk * t * t * t / 3
    }
}
