import CoreLocation
import CoreMotion
import DetectionCore

// Glue for SensorBench: the team's types behind ShakeDetecting and ProximityChecking.

extension MotionShakeDetector: ShakeDetecting {
    var accelerationInput: AccelerationInput { .userAcceleration }

    mutating func consume(_ sample: AccelerationSample) -> Bool {
        update(
            CMDeviceMotion(
                userAcceleration: CMAcceleration(sample), gravity: CMAcceleration(x: 0, y: 0, z: -1),
                rotationRate: CMRotationRate(), attitude: CMAttitude(roll: 0, pitch: 0, yaw: 0),
                timestamp: sample.timestampSeconds))
    }
}

extension HallRangeCheck: ProximityChecking {
    init(places: [CLLocationCoordinate2D]) { self.init(halls: places) }

    mutating func consume(_ fix: LocationFix) -> [ProximityEvent] {
        update(CLLocation(fix))
        return []
    }

    func isInside(placeIndex: Int) -> Bool { canCollect(placeIndex) }
}
