import FileFormats
import Foundation
import Stats

/// The Allan analysis of a gyro recording: one curve and its noise terms per axis, in datasheet units at the edges.
package struct AllanAnalysis: Sendable {
    /// One axis's curve and terms (curve in rad/s, terms in rad/s·√s, rad/s, rad/s/√s).
    package struct Axis: Sendable {
        package let name: String
        package let curve: AllanDeviation.Curve
        package let terms: AllanNoiseTerms
    }

    package let info: RecordingInfo
    package let axes: [Axis]
    /// The sample interval the curve assumes, s: the mean interval of the record.
    package let sampleIntervalSeconds: Double
    /// Steps longer than 1.5 × the mean interval: the Allan deviation assumes even sampling.
    package let irregularSampling: Bool

    /// N in °/s/√Hz from rad/s·√s (numerically °/s·√s = °/s/√Hz).
    package static func noiseDensityDegPerSecPerRootHz(_ n: Double) -> Double { n * 180 / .pi }
    /// B in °/h from rad/s.
    package static func biasInstabilityDegPerHour(_ b: Double) -> Double { b * 180 / .pi * 3600 }
    /// K in °/s/√s from rad/s/√s.
    package static func rateRandomWalkDegPerSecPerRootSec(_ k: Double) -> Double { k * 180 / .pi }

    /// Analyses the named axes of a rotation-rate recording.
    ///
    /// - Throws: ``InputError`` when the recording is not a rotation rate, is too short (fewer than 16 samples) or
    ///   its time does not advance; ``StatsError`` from the computation.
    package init(recording: SensorRecording, axes names: [String]) throws {
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
        sampleIntervalSeconds = tau0
        irregularSampling = info.largestStepSeconds > 1.5 * tau0
        axes = try names.map { name throws(InputError) in
            do {
                let curve = try AllanDeviation.overlapping(rates: recording.axis(name), sampleIntervalSeconds: tau0)
                return Axis(name: name, curve: curve, terms: try AllanNoiseTerms(curve: curve))
            } catch {
                throw InputError(file: info.file, field: name, problem: "no Allan analysis possible: \(error)")
            }
        }
    }
}
