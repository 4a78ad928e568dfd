import Foundation

@testable import DetectionCore

// MARK: - Hand-made acceleration traces for the shake tests

/// Builders for synthetic accelerometer traces; every sample time is i / rateHz exactly as written here, so
/// the expected event times in the tests can be worked out by hand from the same formulas.
enum ShakeTraces {
    /// The kinds that threshold user acceleration (gravity removed); raw-magnitude has tests of its own.
    static let userAccelerationKinds = ShakeDetectorKind.allCases.filter { $0 != .rawMagnitude }

    /// Rest level used between shakes: a constant 0.02 g on x (sensor noise floor order of magnitude).
    static let restG = 0.02

    /// One shake segment: x = A·sin(2πf(t − start)) for start ≤ t < start + duration, optionally clipped.
    struct Segment {
        var startSeconds: Double
        var durationSeconds: Double
        var frequencyHz = 4.0
        var amplitudeG = 2.0
        /// Saturation level of the simulated sensor (|x| ≤ clipG); nil for none.
        var clipG: Double? = nil
        /// Unit direction of the shake (x by default).
        var direction = (x: 1.0, y: 0.0, z: 0.0)
    }

    /// Samples 0..<Int(totalSeconds × rateHz) at t = i / rateHz; rest level outside the segments.
    static func trace(
        totalSeconds: Double, rateHz: Double = 100, segments: [Segment],
        gravity: (x: Double, y: Double, z: Double) = (0, 0, 0)
    ) -> [AccelerationSample] {
        let count = Int((totalSeconds * rateHz).rounded())
        return (0..<count).map { i in
            let t = Double(i) / rateHz
            var value = (x: restG, y: 0.0, z: 0.0)
            for segment in segments
            where t >= segment.startSeconds
                && t < segment.startSeconds + segment.durationSeconds
            {
                var a = segment.amplitudeG * sin(2 * Double.pi * segment.frequencyHz * (t - segment.startSeconds))
                if let clip = segment.clipG { a = min(clip, max(-clip, a)) }
                value = (a * segment.direction.x, a * segment.direction.y, a * segment.direction.z)
            }
            return AccelerationSample(
                timestampSeconds: t, x: value.x + gravity.x, y: value.y + gravity.y,
                z: value.z + gravity.z)
        }
    }

    /// Indices of the samples at which `detector` fired.
    static func eventIndices(_ detector: inout ShakeDetector, _ samples: [AccelerationSample]) -> [Int] {
        var fired: [Int] = []
        for (index, sample) in samples.enumerated() where detector.consume(sample) {
            fired.append(index)
        }
        return fired
    }

    /// A configuration of `kind` with the given edits applied to its preset.
    static func configuration(
        _ kind: ShakeDetectorKind,
        _ edit: (inout ShakeDetectorConfiguration) -> Void = { _ in }
    ) -> ShakeDetectorConfiguration {
        var configuration = ShakeDetectorConfiguration(kind: kind)
        edit(&configuration)
        return configuration
    }
}
