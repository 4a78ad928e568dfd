import SensorShims

// docs/detectors.md shows this file from the line after the marker below; a team pastes it with `import CoreMotion`.
// paste-from-here
/// Says when the phone was shaken: at least `requiredFraction` of the device-motion samples of the last
/// `windowSeconds` have a user acceleration above `thresholdG`, the window spans at least `minimumSpanSeconds` and
/// holds at least `minimumSamples`; then the window empties and readings are ignored for `cooldownSeconds`.
/// The defaults, window-fraction at 1 g with requiredFraction 0.4, are a setting of the shipped shake sweeps.
final class WindowFractionShake {
    let thresholdG: Double
    let requiredFraction: Double
    let windowSeconds: Double
    let minimumSpanSeconds: Double
    let minimumSamples: Int
    let cooldownSeconds: Double

    private var window: [(time: TimeInterval, above: Bool)] = []
    private var quietUntil: TimeInterval = -.infinity

    init(
        thresholdG: Double = 1.0, requiredFraction: Double = 0.4, windowSeconds: Double = 0.5,
        minimumSpanSeconds: Double = 0.25, minimumSamples: Int = 4, cooldownSeconds: Double = 1.0
    ) {
        self.thresholdG = thresholdG
        self.requiredFraction = requiredFraction
        self.windowSeconds = windowSeconds
        self.minimumSpanSeconds = minimumSpanSeconds
        self.minimumSamples = minimumSamples
        self.cooldownSeconds = cooldownSeconds
    }

    /// Call from `startDeviceMotionUpdates(to:withHandler:)`; true when a shake is recognised.
    func handle(_ motion: CMDeviceMotion) -> Bool {
        let t = motion.timestamp
        guard t >= quietUntil else { return false }
        let a = motion.userAcceleration
        let above = a.x * a.x + a.y * a.y + a.z * a.z > thresholdG * thresholdG
        // 1 ns of slack: a window of exactly 0.5 s keeps samples exactly 0.5 s apart despite rounding.
        window.removeAll { $0.time < t - windowSeconds - 1e-9 }
        window.append((t, above))
        guard window.count >= minimumSamples, t - window[0].time >= minimumSpanSeconds - 1e-9 else { return false }
        let aboveCount = window.filter { $0.above }.count
        guard Double(aboveCount) >= requiredFraction * Double(window.count) - 1e-9 else { return false }
        window.removeAll()
        quietUntil = t + cooldownSeconds
        return true
    }
}
