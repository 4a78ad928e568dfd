import CoreMotion
import DetectionCore

// The glue staff add when turning the Xcode project into a source submission: the team's class behind
// SensorBench's ShakeDetecting protocol (raw readings, as the app's CMAccelerometerData are).

extension ShakeCounter: ShakeDetecting {
    var accelerationInput: AccelerationInput { .rawAccelerometer }

    func consume(_ sample: AccelerationSample) -> Bool {
        didShake(CMAccelerometerData(sample))
    }
}
