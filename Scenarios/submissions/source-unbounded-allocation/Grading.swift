import CoreMotion
import DetectionCore

// Glue for SensorBench: the team's detector behind ShakeDetecting (raw accelerometer readings).

extension HoardingShakeDetector: ShakeDetecting {
    var accelerationInput: AccelerationInput { .rawAccelerometer }

    mutating func consume(_ sample: AccelerationSample) -> Bool { handle(CMAccelerometerData(sample)) }
}
