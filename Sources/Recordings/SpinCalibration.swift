import FileFormats
import Foundation
import Reporting

/// The scale factor and asymmetry of one phone's gyro from a spin recording: the phone turned flat on a table N full
/// turns one way, back onto a mark, and N full turns the other way, back onto the mark (docs/recordings.md).
///
/// The rate about the calibrated axis, less the still recording's bias b, is integrated (trapezoidal, on the file's
/// time axis) into the angle θ(t). Samples with |ω − b| > ``movingThresholdDegPerSec`` are turning; the record must
/// start and end still and hold a still stretch between the two spins (the longest one between the first and the
/// last turning sample is taken). The angle of each spin is the difference of the mean θ over the still stretches
/// around it. With the simulator's model (reading = (1 + s ± a/2)·ω, + for positive rates) the counter-clockwise spin
/// gives A₊ = (1 + s + a/2)·N·360° and the clockwise one A₋ = −(1 + s − a/2)·N·360°, so with k₊ = A₊/(N·360°) − 1
/// and k₋ = −A₋/(N·360°) − 1:
///
///   s = (k₊ + k₋)/2,  a = k₊ − k₋.
///
/// Uncertainty (1σ, propagated): each placement on the mark is off by σ_m (`markErrorDegrees`, an assumption the
/// user states), and the middle mark is shared, so Var(A₁) = 2σ_m² + N²T₁ + σ_b²T₁², Var(A₂) likewise, and
/// Cov(A₁, A₂) = −σ_m² + σ_b²T₁T₂ (N the noise density, σ_b the bias's standard error, Tᵢ the time between the
/// stretches' mid-times). Then Var(s) = (Var A₊ + Var A₋ − 2 Cov)/(2·N·360°)² and Var(a) = (Var A₊ + Var A₋ +
/// 2 Cov)/(N·360°)², ×100 for percent; intervals are ±1.96 SE. Bias instability over the spin's seconds is left out
/// (a few °/h over a minute is far below σ_m).
package struct SpinCalibration: Sendable {
    /// A rate above this, after removing the bias, is turning (hand turns on a table run at 90–400 °/s).
    package static let movingThresholdDegPerSec = 20.0
    /// Shortest still stretch accepted at the start, the end and between the spins, seconds.
    package static let minimumStillSeconds = 0.5

    package let file: String
    package let turns: Int
    /// The spins' angles, degrees: counter-clockwise (positive) and clockwise (negative).
    package let positiveAngleDegrees: Double
    package let negativeAngleDegrees: Double
    package let scaleFactorPercent: Double
    package let scaleFactorStandardErrorPercent: Double
    package let asymmetryPercent: Double
    package let asymmetryStandardErrorPercent: Double
    /// How the numbers were obtained, for the profile's notes.
    package let note: String

    /// The estimate from the two spins' angles (the closed form above).
    ///
    /// - Parameters:
    ///   - angles: the first and the second spin's angle, degrees (opposite signs).
    ///   - seconds: the time each spin's angle spans, seconds.
    package init(
        file: String, turns: Int, angles: (Double, Double), seconds: (Double, Double), markErrorDegrees: Double,
        noiseDensityDegPerSecPerRootHz: Double, biasStandardErrorDegPerSec: Double
    ) {
        let full = Double(turns) * 360
        let firstIsPositive = angles.0 > 0
        let (aPlus, aMinus) = firstIsPositive ? (angles.0, angles.1) : (angles.1, angles.0)
        let kPlus = aPlus / full - 1
        let kMinus = -aMinus / full - 1
        let m2 = markErrorDegrees * markErrorDegrees
        let n2 = noiseDensityDegPerSecPerRootHz * noiseDensityDegPerSecPerRootHz
        let b2 = biasStandardErrorDegPerSec * biasStandardErrorDegPerSec
        func variance(_ t: Double) -> Double { 2 * m2 + n2 * t + b2 * t * t }
        let v1 = variance(seconds.0), v2 = variance(seconds.1)
        // A bias error adds b·T to both angles (same sign); the middle mark's error enters them with opposite signs.
        let cov = -m2 + b2 * seconds.0 * seconds.1
        self.file = file
        self.turns = turns
        positiveAngleDegrees = aPlus
        negativeAngleDegrees = aMinus
        scaleFactorPercent = 100 * (kPlus + kMinus) / 2
        scaleFactorStandardErrorPercent = 100 * max(v1 + v2 - 2 * cov, 0).squareRoot() / (2 * full)
        asymmetryPercent = 100 * (kPlus - kMinus)
        asymmetryStandardErrorPercent = 100 * max(v1 + v2 + 2 * cov, 0).squareRoot() / full
        func n4(_ x: Double) -> String { (try? Format.number(x, significantDigits: 4)) ?? "?" }
        note =
            "\(turns) turns each way: counter-clockwise \(n4(aPlus))°, clockwise \(n4(aMinus))° against ±\(n4(full))°; "
            + "s = (k₊ + k₋)/2, a = k₊ − k₋ with k₊ = A₊/(N·360°) − 1, k₋ = −A₋/(N·360°) − 1. SE from a mark placement "
            + "error of \(n4(markErrorDegrees))° (1σ, assumed), the white noise and the bias's SE over \(n4(seconds.0)) s and "
            + "\(n4(seconds.1)) s; 95% interval ±1.96 SE."
    }

    /// Reads a spin recording and estimates the scale factor and asymmetry.
    ///
    /// - Parameters:
    ///   - axis: the axis turned about (`z` for a phone flat on a table).
    ///   - biasDegPerSec: the still recording's bias on that axis, removed before integrating.
    /// - Throws: ``InputError``: a bad or missing file, a record that does not start and end still, no still stretch
    ///   between the spins, or spins that are not N turns one way and N the other (±25%).
    package static func read(
        path: String, unit: RecordingUnit?, rateHz: Double? = nil, axis: String, turns: Int, markErrorDegrees: Double,
        biasDegPerSec: Double,
        biasStandardErrorDegPerSec: Double, noiseDensityDegPerSecPerRootHz: Double
    ) throws(InputError) -> SpinCalibration {
        var sink = Sink(axis: axis, biasDegPerSec: biasDegPerSec)
        _ = try SensorCSVReader.read(
            path: path, declaredUnit: unit, rateHz: rateHz, need: SensorNeed(.rotationRate, consumer: "calibrate --spin"),
            into: &sink)
        let (angles, seconds) = try sink.spins(file: path, turns: turns)
        return SpinCalibration(
            file: path, turns: turns, angles: angles, seconds: seconds, markErrorDegrees: markErrorDegrees,
            noiseDensityDegPerSecPerRootHz: noiseDensityDegPerSecPerRootHz,
            biasStandardErrorDegPerSec: biasStandardErrorDegPerSec)
    }

    /// Integrates the bias-corrected rate and marks turning samples.
    struct Sink: SampleSink {
        let axis: String
        let biasDegPerSec: Double
        var times: [Double] = []
        var angles: [Double] = []
        var moving: [Bool] = []
        var previousRate = 0.0

        init(axis: String, biasDegPerSec: Double) {
            self.axis = axis
            self.biasDegPerSec = biasDegPerSec
        }

        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            let raw = axis == "x" ? x : axis == "y" ? y : z
            let rate = raw * 180 / .pi - biasDegPerSec
            let angle = times.last.map { angles[angles.count - 1] + 0.5 * (previousRate + rate) * (timeSeconds - $0) } ?? 0
            times.append(timeSeconds)
            angles.append(angle)
            moving.append(abs(rate) > SpinCalibration.movingThresholdDegPerSec)
            previousRate = rate
        }

        /// The two spins' angles and spans, from the still stretches at the start, in the middle and at the end.
        func spins(file: String, turns: Int) throws(InputError) -> (angles: (Double, Double), seconds: (Double, Double)) {
            guard let first = moving.firstIndex(of: true), let last = moving.lastIndex(of: true) else {
                throw InputError(
                    file: file,
                    problem: "shows no turning (no rate above \(Format.exact(SpinCalibration.movingThresholdDegPerSec)) °/s): "
                        + "a spin recording turns the phone \(turns) full turns each way")
            }
            // Still runs strictly between the first and the last turning sample.
            var bestRange: Range<Int>?
            var k = first
            while k < last {
                if moving[k] { k += 1; continue }
                let start = k
                while k < last, !moving[k] { k += 1 }
                if bestRange.map({ times[k - 1] - times[start] > times[$0.upperBound - 1] - times[$0.lowerBound] }) ?? true {
                    bestRange = start..<k
                }
            }
            let minimum = SpinCalibration.minimumStillSeconds
            func seconds(_ r: Range<Int>) -> Double { r.isEmpty ? 0 : times[r.upperBound - 1] - times[r.lowerBound] }
            let head = 0..<first, tail = (last + 1)..<times.count
            guard seconds(head) >= minimum, seconds(tail) >= minimum else {
                throw InputError(
                    file: file,
                    problem: "must start and end with the phone still on its mark for at least \(Format.exact(minimum)) s "
                        + "(still for \(Format.exact(seconds(head))) s at the start, \(Format.exact(seconds(tail))) s at the end)")
            }
            guard let middle = bestRange, seconds(middle) >= minimum else {
                throw InputError(
                    file: file,
                    problem: "has no still stretch of \(Format.exact(minimum)) s between the two spins: put the phone back "
                        + "on the mark and hold it still before turning the other way")
            }
            func mean(_ r: Range<Int>) -> (angle: Double, time: Double) {
                let n = Double(r.count)
                return (angles[r].reduce(0, +) / n, (times[r.lowerBound] + times[r.upperBound - 1]) / 2)
            }
            let a = mean(head), b = mean(middle), c = mean(tail)
            let firstAngle = b.angle - a.angle, second = c.angle - b.angle
            let full = Double(turns) * 360
            let expected = 0.75...1.25
            guard firstAngle * second < 0, expected.contains(abs(firstAngle) / full), expected.contains(abs(second) / full) else {
                throw InputError(
                    file: file,
                    problem: "turned \(Format.exact((firstAngle * 10).rounded() / 10))° and then "
                        + "\(Format.exact((second * 10).rounded() / 10))°, not \(turns) full turns (\(Format.exact(full))°) one "
                        + "way and \(turns) the other: check --turns")
            }
            return ((firstAngle, second), (b.time - a.time, c.time - b.time))
        }
    }
}
