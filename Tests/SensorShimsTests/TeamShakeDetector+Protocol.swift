import DetectionCore
import SensorShims

// MARK: - The glue a harness writes: which team type implements which protocol

extension TeamShakeDetector: ShakeDetecting {
    var accelerationInput: AccelerationInput { .rawAccelerometer }

    func consume(_ sample: AccelerationSample) -> Bool {
        handle(CMAccelerometerData(sample))
    }
}
