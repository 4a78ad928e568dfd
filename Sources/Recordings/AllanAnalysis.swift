import FileFormats
import Foundation
import Reporting
import Stats

/// The Allan analysis of a gyro recording: one curve and its noise terms per axis, in datasheet units at the edges.
package struct AllanAnalysis: Sendable {
    /// One axis's curve and terms (curve in rad/s, terms in rad/s·√s, rad/s, rad/s/√s).
    package struct Axis: Sendable {
        package let name: String
        package let curve: AllanDeviation.Curve
        package let terms: AllanNoiseTerms
        /// The mean rate of the record, rad/s: on a still sensor, this phone's turn-on bias on this axis.
        package let meanRadPerSec: Double
        /// 95% interval of that bias: mean ± z·√Var(mean), Var(mean) from the identified noise model
        /// (``AllanNoiseTerms/varianceOfMean(recordSeconds:)``: the chosen model's, with a rate random walk beside a
        /// Gauss–Markov bias at K's upper bootstrap point; N²/L when only white noise is identified). The bias is the
        /// constant at turn-on: a rate random walk's wander during the record is noise about it (K²L/3), and a bias
        /// wander too slow to show in the record counts as part of it.
        package let meanInterval: ConfidenceInterval
        /// Why the record does not look static on this axis, or `nil` (see ``staticProblem(curve:terms:)``).
        package let staticProblem: String?
        /// The factor k̄·mean(1/k) by which the grid's slot means made white noise's Allan variance exceed N²/τ
        /// (``AllanGrid/whiteNoiseVarianceFactor``), already taken out of ``terms``' N; 1 without a grid.
        package var whiteNoiseVarianceFactor: Double = 1
    }

    package let info: RecordingInfo
    package let axes: [Axis]
    /// The sample interval the curve assumes, s: the mean interval of the record, the period of ``clock`` when
    /// ``retimed``, or the step of ``grid``.
    package let sampleIntervalSeconds: Double
    /// The even grid with gaps a record is analysed on when its long steps span more than
    /// ``maximumLongStepTimeShare`` of its time and its stamps are not a lossless buffer's; `nil` for a record
    /// analysed as evenly sampled.
    package let grid: AllanGrid?
    /// The buffer clock of a record whose long steps span more than ``maximumLongStepTimeShare`` of its time: set
    /// for every such record; when its stamps are a buffer's (``BufferedClock/isBuffer``) the samples are re-timed on
    /// it (``retimed``: evenly sampled when none was lost, else on a ``grid`` of its period with the lost samples as
    /// gaps), otherwise it says why the record went to the grid of its stamps.
    package let clock: BufferedClock?
    /// Whether the record was re-timed on ``clock``.
    package var retimed: Bool { clock?.isBuffer ?? false }
    /// Steps longer than 1.5 × the mean interval: the Allan deviation assumes even sampling.
    package let irregularSampling: Bool
    /// How many steps are longer than 1.5 × the mean interval, and the share of the record's time they span.
    package let longStepCount: Int
    package let longStepTimeShare: Double

    /// The most of a record's time that steps over 1.5 τ₀ may span for the record to be analysed as evenly sampled:
    /// 1%. Below it, a few dropped samples move the curve by about that share, and the report warns. Beyond it the
    /// curve would not be the evenly sampled one the Allan deviation assumes (issue 24: an MPU6050 record had 20% of
    /// its steps over 1.5 τ₀ holding 82% of its time, and was analysed as if even). So a record whose stamps are a
    /// lossless buffer's delivery times is re-timed evenly on the buffer's clock (``BufferedClock``), and any other
    /// is put on an even grid with gaps (``AllanGrid``) for the gap-aware estimator; a grid with too little gap-free
    /// record is refused.
    package static let maximumLongStepTimeShare = SensorRecording.keptTimesLongStepShare

    /// N in °/s/√Hz from rad/s·√s (numerically °/s·√s = °/s/√Hz).
    package static func noiseDensityDegPerSecPerRootHz(_ n: Double) -> Double { n * 180 / .pi }
    /// B in °/h from rad/s.
    package static func biasInstabilityDegPerHour(_ b: Double) -> Double { b * 180 / .pi * 3600 }
    /// K in °/s/√s from rad/s/√s.
    package static func rateRandomWalkDegPerSecPerRootSec(_ k: Double) -> Double { k * 180 / .pi }

    /// How an uneven record's times are laid out for the analysis: its buffer clock (``BufferedClock``) and the grid
    /// it is analysed on: none when its stamps are a lossless buffer's (re-timed evenly), the clock's grid with the
    /// lost samples as gaps when they are a lossy buffer's, the grid of its stamps otherwise.
    package static func layout(times: [Double]) -> (clock: BufferedClock, grid: AllanGrid?) {
        let clock = BufferedClock(times: times)
        guard clock.isBuffer else { return (clock, AllanGrid(times: times)) }
        guard clock.lostSamples > 0 else { return (clock, nil) }
        let slots = clock.slots(count: times.count)
        return (clock, AllanGrid(slots: slots, stepSeconds: clock.periodSeconds, medianStepSeconds: clock.medianStepSeconds))
    }

    /// Analyses the named axes of a rotation-rate recording.
    ///
    /// `readsBufferedClock` false skips ``BufferedClock`` and puts every uneven record on the grid of its stamps (for
    /// tests of that grid).
    ///
    /// - Throws: ``InputError`` when the recording is not a rotation rate, is too short (fewer than 16 samples), its
    ///   time does not advance, or its steps over 1.5 τ₀ span more than ``maximumLongStepTimeShare`` of its time and
    ///   its grid (of its stamps, or of its buffer's clock with the lost samples as gaps) is not usable
    ///   (``AllanGrid/isUsable``); ``StatsError`` from the computation.
    package init(
        recording: SensorRecording, axes names: [String], resamples: Int = AllanNoiseTerms.defaultResamples,
        readsBufferedClock: Bool = true
    ) throws {
        let info = recording.info
        guard info.unit.quantity == .rotationRate else {
            throw InputError(
                file: info.file,
                problem: "is an \(info.unit.quantity.rawValue) recording (\(info.unit.rawValue)); "
                    + "the Allan analysis reads gyroscope rates (declare --unit rad/s or deg/s)")
        }
        guard info.sampleCount >= 16 else {
            throw InputError(file: info.file, problem: "has \(info.sampleCount) samples; the Allan analysis needs at least 16")
        }
        let tau0 = info.meanIntervalSeconds
        guard tau0 > 0, tau0.isFinite else {
            throw InputError(file: info.file, field: "time", problem: "does not advance: every sample has the same time")
        }
        self.info = info
        let duration = info.lastTimeSeconds - info.firstTimeSeconds
        longStepCount = recording.longStepCount
        longStepTimeShare = duration > 0 ? recording.longStepSeconds / duration : 0
        irregularSampling = recording.longStepCount > 0 || info.largestStepSeconds > 1.5 * tau0
        var grid: AllanGrid?
        var clock: BufferedClock?
        if longStepTimeShare > Self.maximumLongStepTimeShare, let times = recording.times {
            let layout: (clock: BufferedClock?, grid: AllanGrid?) =
                readsBufferedClock ? Self.layout(times: times) : (nil, AllanGrid(times: times))
            clock = layout.clock
            if let g = layout.grid {
                guard g.isUsable else {
                    let steps = info.sampleCount - 1
                    let n3 = { (x: Double) in Format.general(x, significantDigits: 3) }
                    throw InputError(
                        file: info.file, field: "time",
                        problem: "is too unevenly sampled for the Allan analysis: \(recording.longStepCount) of \(steps) steps "
                            + "(\(n3(100 * Double(recording.longStepCount) / Double(steps)))%) are longer than 1.5 × the mean "
                            + "interval \(n3(tau0)) s and span \(n3(100 * longStepTimeShare))% of the record's time (largest "
                            + "\(n3(info.largestStepSeconds)) s); on an even grid of \(n3(g.stepSeconds)) s (median step "
                            + "\(n3(g.medianStepSeconds)) s) \(g.emptySlots) of \(g.present.count) grid steps hold no sample and the "
                            + "longest gap-free stretch holds \(g.longestStretch) (at least \(AllanGrid.minimumStretch) are needed, "
                            + "and gaps in at most half the grid)")
                }
                grid = g
            }
        }
        self.grid = grid
        self.clock = clock
        let interval = grid?.stepSeconds ?? clock.flatMap { $0.isBuffer ? $0.periodSeconds : nil } ?? tau0
        sampleIntervalSeconds = interval
        axes = try names.map { name throws(InputError) in
            do {
                let samples = recording.axis(name)
                let curve: AllanDeviation.Curve
                if let grid {
                    curve = try AllanDeviation.overlapping(
                        rates: grid.rates(samples), present: grid.present, sampleIntervalSeconds: interval)
                } else {
                    curve = try AllanDeviation.overlapping(rates: samples, sampleIntervalSeconds: interval)
                }
                var terms = try AllanNoiseTerms(curve: curve, resamples: resamples)
                // A slot's mean of k samples of white noise has variance N²/(k·τ_s), so the grid's curve holds
                // k̄·mean(1/k)·N²/τ of white noise: N is read that much too high unless divided back.
                let factor = grid?.whiteNoiseVarianceFactor ?? 1
                terms.divideAngleRandomWalk(byRootOf: factor)
                let mean = try Descriptive.mean(samples)
                let length = Double(curve.sampleCount) * interval
                let variance =
                    terms.varianceOfMean(recordSeconds: length)
                    ?? terms.angleRandomWalk.map { $0.value * $0.value / length }
                    ?? curve.points[curve.points.count - 1].deviation * curve.points[curve.points.count - 1].deviation
                let z = try Normal.quantile(0.975)
                let half = z * variance.squareRoot()
                return Axis(
                    name: name, curve: curve, terms: terms, meanRadPerSec: mean,
                    meanInterval: ConfidenceInterval(low: mean - half, high: mean + half),
                    staticProblem: Self.staticProblem(curve: curve, terms: terms), whiteNoiseVarianceFactor: factor)
            } catch {
                throw InputError(file: info.file, field: name, problem: "no Allan analysis possible: \(error)")
            }
        }
    }

    /// Why a curve is not a still gyro's, or `nil`.
    ///
    /// A still gyro's Allan deviation falls from τ₀ like white noise (slope −½) and never climbs back above its
    /// value at τ₀ when bias instability and rate random walk stay below the per-sample noise at every τ, as on
    /// phone-grade MEMS gyros (a 10 °/h bias is 0.003 °/s; 0.005 °/s/√Hz at 100 Hz is 0.05 °/s per sample). A record
    /// without the −½ region, or whose deviation at some τ exceeds that at τ₀, holds rotation beyond the noise.
    package static func staticProblem(curve: AllanDeviation.Curve, terms: AllanNoiseTerms) -> String? {
        let first = curve.points[0]
        let degrees = 180 / Double.pi
        if let peak = curve.points.dropFirst().max(by: { $0.deviation < $1.deviation }), peak.deviation > first.deviation {
            return
                "the Allan deviation rises to \(Format.general(peak.deviation * degrees, significantDigits: 3)) °/s at τ = \(Format.general(peak.tauSeconds, significantDigits: 3)) s, "
                + "above its \(Format.general(first.deviation * degrees, significantDigits: 3)) °/s at τ₀: rotation well beyond the noise, "
                + "not a still sensor"
        }
        if !terms.hasWhiteNoiseSlope {
            return "no white-noise slope (−½) at short τ: not the curve of a still sensor"
        }
        return nil
    }
}
