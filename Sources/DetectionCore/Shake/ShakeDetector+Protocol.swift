// MARK: - ShakeDetecting conformance

extension ShakeDetector: ShakeDetecting {
    /// Raw readings when the configuration says its input includes gravity, user acceleration otherwise.
    public var accelerationInput: AccelerationInput {
        configuration.inputIncludesGravity ? .rawAccelerometer : .userAcceleration
    }
}
