import DetectionCore
import Stats

/// The GPS fix pipeline, written once: a movement's true position at each fix time, the environment's error added,
/// the sum mapped from the local east/north plane to WGS-84 with ``LocalTangentPlane``, delivered as the core's
/// ``LocationFix``.
///
/// Fix k is at t = k·Δt for k = 0 … ⌊duration / Δt⌋ (Δt the environment's fix interval). Random draws, in order:
/// the GPS model's starting values (at `init`), then per fix the movement's wander and the GPS model. A fix the
/// model drops (a dropout), or whose position does not map to a valid coordinate, is not delivered; its step still
/// carries the true position.
package struct GPSFixStream: Sendable {
    /// One fix time.
    package struct Step: Sendable {
        package let timeSeconds: Double
        /// The true position in the plane, metres.
        package let truth: (east: Double, north: Double)
        /// The error model's draw; `nil` during a dropout.
        package let error: GPSError?
        /// The delivered fix; `nil` when it is dropped.
        package let fix: LocationFix?
    }

    /// The movement (its duration and path).
    package private(set) var movement: Movement
    package let plane: LocalTangentPlane
    package let intervalSeconds: Double
    /// Fix times in all, delivered or not.
    package let fixCount: Int
    private var gps: GPSJitterModel
    private var k = 0

    /// - Parameters:
    ///   - movement: the planned movement, in `plane`'s east/north frame.
    ///   - environment: the GPS error model and fix interval.
    ///   - plane: the frame around the trial's origin.
    ///   - stream: the trial's random stream (the GPS model draws its starting values from it here).
    package init(movement: Movement, environment: GPSEnvironment, plane: LocalTangentPlane, stream: RandomStream) {
        self.movement = movement
        self.plane = plane
        intervalSeconds = environment.fixIntervalSeconds
        fixCount = Int((movement.durationSeconds / environment.fixIntervalSeconds).rounded(.down)) + 1
        gps = GPSJitterModel(environment: environment, stream: stream)
    }

    /// The next fix time, or `nil` after the last.
    package mutating func next(_ stream: RandomStream) -> Step? {
        guard k < fixCount else { return nil }
        let t = Double(k) * intervalSeconds
        let truth = movement.position(atSeconds: t, first: k == 0, stream: stream)
        k += 1
        guard let error = gps.next(stream) else { return Step(timeSeconds: t, truth: truth, error: nil, fix: nil) }
        guard let reported = plane.coordinate(eastMeters: truth.east + error.eastMeters, northMeters: truth.north + error.northMeters)
        else { return Step(timeSeconds: t, truth: truth, error: error, fix: nil) }
        let fix = LocationFix(coordinate: reported, horizontalAccuracyMeters: error.horizontalAccuracyMeters, timestampSeconds: t)
        return Step(timeSeconds: t, truth: truth, error: error, fix: fix)
    }
}
