import DetectionCore
import SensorShims
import Testing

// MARK: - Date, motion and drag values, and their adapters

@Suite struct ValueTypeTests {
    @Test func dateEpochsDifferByFoundationsConstant() {
        // 1970-01-01 to 2001-01-01: 31 years with 8 leap days (1972 … 2000) = 11 323 days × 86 400 s.
        let d = Date(timeIntervalSinceReferenceDate: 0)
        #expect(d.timeIntervalSince1970 == 11_323 * 86_400)
        #expect(Date(timeIntervalSince1970: 978_307_200) == d)
    }

    @Test func dateIntervalsAreExactOnTheStreamClock() {
        // Stream times t map to Date(timeIntervalSinceReferenceDate: t): the interval is the same subtraction.
        let t = 1234.01, s = 1233.99
        #expect(Date(timeIntervalSinceReferenceDate: t).timeIntervalSince(Date(timeIntervalSinceReferenceDate: s)) == t - s)
        // Dyadic steps are exact, so the operators can be checked with ==.
        let a = Date(timeIntervalSinceReferenceDate: 0.125)
        let b = a.addingTimeInterval(0.25)
        #expect(b.timeIntervalSince(a) == 0.25 && a.timeIntervalSince(b) == -0.25)
        #expect(a < b && a + 0.25 == b && b - 0.25 == a)
        var c = a
        c += 1
        c -= 0.5
        #expect(c == Date(timeInterval: 0.5, since: a) && c.timeIntervalSinceReferenceDate == 0.625)
    }

    @Test func accelerometerDataRoundTripsThroughTheCoreSample() {
        let sample = AccelerationSample(timestampSeconds: 3.25, x: 0.5, y: -1.5, z: -1)
        let data = CMAccelerometerData(sample)
        #expect(data.acceleration == CMAcceleration(x: 0.5, y: -1.5, z: -1) && data.timestamp == 3.25)
        #expect(AccelerationSample(data) == sample)
    }

    @Test func deviceMotionGivesItsUserAccelerationRateAndYaw() {
        let motion = CMDeviceMotion(
            userAcceleration: CMAcceleration(x: 0.1, y: 0.2, z: 0.3), gravity: CMAcceleration(x: 0, y: 0, z: -1),
            rotationRate: CMRotationRate(x: 0.01, y: 0.02, z: 0.5), attitude: CMAttitude(roll: 0, pitch: 0, yaw: 1.25),
            timestamp: 9)
        #expect(AccelerationSample(userAccelerationOf: motion) == AccelerationSample(timestampSeconds: 9, x: 0.1, y: 0.2, z: 0.3))
        #expect(HeadingSample(rotationRateOf: motion) == .rotationRate(zRadiansPerSecond: 0.5, timestampSeconds: 9))
        #expect(HeadingSample(attitudeYawOf: motion) == .attitudeYaw(yawRadians: 1.25, timestampSeconds: 9))
        #expect(CMRotationRate() == CMRotationRate(x: 0, y: 0, z: 0) && CMAcceleration() == CMAcceleration(x: 0, y: 0, z: 0))
    }

    @Test func dragValueTranslationIsLocationMinusStart() {
        let start = CGPoint(x: 10, y: 20)
        let value = DragGesture.Value(TouchPoint(x: 40, y: 5, timestampSeconds: 2.5), startLocation: start)
        #expect(value.translation == CGSize(width: 30, height: -15))
        #expect(value.time.timeIntervalSinceReferenceDate == 2.5 && value.startLocation == start)
        #expect(TouchPoint(value) == TouchPoint(x: 40, y: 5, timestampSeconds: 2.5))
        #expect(CGPoint.zero == CGPoint() && CGSize.zero == CGSize(width: 0, height: 0))
    }

    @Test func mathFunctionsAgreeWithClosedForms() {
        #expect(sqrt(6.25) == 2.5)
        #expect(hypot(3, 4) == 5 && cbrt(-8) == -2)
        // Elementary's functions are within about 1 ulp (its tests hold them to mpmath values): allow 2 ulp here.
        #expect(abs(atan2(1, 1) - Double.pi / 4) <= 2 * (Double.pi / 4).ulp)
        #expect(abs(asin(1) - Double.pi / 2) <= 2 * (Double.pi / 2).ulp)
        #expect(sin(0) == 0 && cos(0) == 1 && acos(1) == 0 && atan(0) == 0)
    }
}
