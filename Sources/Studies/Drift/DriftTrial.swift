import DetectionCore
import Foundation
import SensorSim
import Stats

/// What one simulated TurnBack walk ended with.
package struct DriftOutcome: Sendable, Equatable {
    package let cellIndex: Int
    package let trialInCell: Int
    package let seed: TrialSeed
    /// Net and total rotation of the walk as planned, radians.
    package let netRotationRadians: Double
    package let totalRotationRadians: Double
    /// Accumulated heading error at the end: the tracker's yaw minus the true yaw, radians, not wrapped.
    package let driftRadians: Double
    /// What the arrow tells the user to turn, radians in (−π, π]: 0 would be perfect.
    package let arrowTurnRadians: Double
    /// Samples the tracker skipped (none for simulated data; counted to prove it).
    package let skippedSamples: Int
}

/// One TurnBack walk through the whole pipeline: device, walk, gyro error model, heading core.
package enum DriftTrial {
    /// The global index reserved for the one phone of a `sameDevice` scenario: the index just below the seed
    /// period, never a trial's (trial counts are capped far lower), so the phone's stream is distinct from
    /// every trial's.
    static let sameDeviceIndex: UInt64 = TrialSeed.period - 1

    /// The one device of a `sameDevice` scenario, for a profile.
    package static func sharedDevice(scenarioSeed: UInt64, profile: GyroProfile) throws -> GyroDevice {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: scenarioSeed, trialIndex: sameDeviceIndex))
        return GyroDevice.draw(from: profile, stream: stream)
    }

    /// Runs one trial.
    ///
    /// The random stream is consumed in a fixed order: three normals for the device (drawn even when a shared
    /// device replaces it, so streams line up across scenarios), the walk's random turns, the bias
    /// instability's starting value, then per sample the white noise, the bias instability and the rate
    /// random walk. Drift is measured against the trapezoidal integral of the true rate, the same rule the
    /// tracker uses, so only sensor error (and tilt) shows up as drift.
    package static func run(
        cell: DriftCell, trialInCell: Int, globalIndex: Int, scenario: DriftScenario, sharedDevice: GyroDevice?
    ) throws -> DriftOutcome {
        let seed = TrialSeed(scenarioSeed: scenario.seed, trialIndex: UInt64(globalIndex))
        let stream = try RandomStream(seed: seed)
        let drawn = GyroDevice.draw(from: cell.profile, stream: stream)
        let device = sharedDevice ?? drawn
        let plan = try WalkPlan(parameters: cell.walk, sampleRateHz: cell.profile.sampleRateHz, stream: stream)
        var motion = WalkMotion(plan: plan)
        var gyro = GyroErrorModel(profile: cell.profile, device: device, stream: stream)
        var tracker = HeadingTracker(configuration: scenario.tracker)
        let dt = 1 / cell.profile.sampleRateHz
        let tiltFactor = cos(cell.tiltDegrees * .pi / 180)
        var trueYaw = 0.0
        var previousTrueRate = 0.0
        var phoneYaw = 0.0
        var previousMeasured = 0.0
        var k = 0
        switch cell.input {
        case .rotationRate:
            // A loop specialised for the profile's noise terms when they are the common ones.
            trueYaw =
                gyro.has(WhiteNoiseAndInstability.self)
                ? rotationRateWalk(
                    &motion, &gyro, &tracker, stream: stream, dt: dt, tiltFactor: tiltFactor, terms: WhiteNoiseAndInstability.self)
                : rotationRateWalk(
                    &motion, &gyro, &tracker, stream: stream, dt: dt, tiltFactor: tiltFactor, terms: ProfileNoiseTerms.self)
        case .attitudeYaw:
            // The phone's own sensor fusion integrates its gyro about the vertical (tilt-compensated, so the
            // full rate is seen) and reports the yaw wrapped to (−π, π]; the tracker unwraps it.
            while motion.hasNext {
                let omega = motion.next()
                let t = Double(k) * dt
                let measured = gyro.measure(omega, stream: stream)
                if k > 0 {
                    trueYaw += 0.5 * (previousTrueRate + omega) * dt
                    phoneYaw += 0.5 * (previousMeasured + measured) * dt
                }
                previousTrueRate = omega
                previousMeasured = measured
                tracker.consumeAttitudeYaw(Angle.wrapped(phoneYaw) ?? 0, timestampSeconds: t)
                if k == 0 { tracker.mark() }
                k += 1
            }
        }
        return DriftOutcome(
            cellIndex: cell.index, trialInCell: trialInCell, seed: seed,
            netRotationRadians: plan.netRotationRadians, totalRotationRadians: plan.totalRotationRadians,
            driftRadians: tracker.yawRadians - trueYaw,
            arrowTurnRadians: tracker.turnAngleRadians ?? 0,
            skippedSamples: tracker.counters.skipped)
    }

    /// The rotation-rate walk's sample loop; returns the true yaw (trapezoidal integral of the true rate).
    ///
    /// The first sample is taken apart (it starts the true integral and is marked), so the loop holds no test of
    /// the sample index.
    @inline(__always)
    static func rotationRateWalk<Terms: GyroNoiseTerms>(
        _ motion: inout WalkMotion, _ gyro: inout GyroErrorModel, _ tracker: inout HeadingTracker,
        stream: RandomStream, dt: Double, tiltFactor: Double, terms: Terms.Type
    ) -> Double {
        guard motion.hasNext else { return 0 }
        var trueYaw = 0.0
        var k = 0
        let first = motion.next()
        var previousTrueRate = first
        tracker.consumeRotationRate(gyro.measure(first * tiltFactor, stream: stream, terms: terms), timestampSeconds: Double(k) * dt)
        tracker.mark()
        k += 1
        while motion.hasNext {
            let omega = motion.next()
            let t = Double(k) * dt
            trueYaw += 0.5 * (previousTrueRate + omega) * dt
            previousTrueRate = omega
            tracker.consumeRotationRate(gyro.measure(omega * tiltFactor, stream: stream, terms: terms), timestampSeconds: t)
            k += 1
        }
        return trueYaw
    }
}
