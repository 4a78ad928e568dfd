import CoreMotion
import DetectionCore

// Glue for SensorBench: the team's detector behind ShakeDetecting (raw accelerometer readings).

extension SnoopingShakeDetector: ShakeDetecting {
    var accelerationInput: AccelerationInput { .rawAccelerometer }

    func consume(_ sample: AccelerationSample) -> Bool { handle(CMAccelerometerData(sample)) }
}
