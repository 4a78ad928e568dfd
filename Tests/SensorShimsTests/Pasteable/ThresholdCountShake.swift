import SensorShims

// docs/detectors.md shows this file from the line after the marker below; a team pastes it with `import CoreMotion`.
// paste-from-here
/// Says when the phone was shaken: the user acceleration rises above `thresholdG` `requiredCount` times within
/// `windowSeconds`. A rise is a device-motion sample above the threshold after one that was not (however long it stays
/// above, it counts once). At the rise that makes `requiredCount` of them within `windowSeconds` it fires, forgets them,
/// and counts no rise for `cooldownSeconds`. The defaults, threshold-count at 1.8 g with 4 rises in 1 s, are a setting
/// of the shipped recording sweep (`sweep-recordings-sample`).
final class ThresholdCountShake {
    let thresholdG: Double
    let requiredCount: Int
    let windowSeconds: Double
    let cooldownSeconds: Double

    private var wasAbove = false
    private var riseTimes: [TimeInterval] = []
    private var quietUntil: TimeInterval = -.infinity

    init(thresholdG: Double = 1.8, requiredCount: Int = 4, windowSeconds: Double = 1.0, cooldownSeconds: Double = 1.0) {
        self.thresholdG = thresholdG
        self.requiredCount = requiredCount
        self.windowSeconds = windowSeconds
        self.cooldownSeconds = cooldownSeconds
    }

    /// Call from `startDeviceMotionUpdates(to:withHandler:)`; true when a shake is recognised.
    func handle(_ motion: CMDeviceMotion) -> Bool {
        let t = motion.timestamp
        let a = motion.userAcceleration
        let above = a.x * a.x + a.y * a.y + a.z * a.z > thresholdG * thresholdG
        let rises = above && !wasAbove
        // Followed during a cooldown too, so a rise that began in it does not count when it ends.
        wasAbove = above
        guard rises, t >= quietUntil else { return false }
        if riseTimes.count == requiredCount { riseTimes.removeFirst() }
        riseTimes.append(t)
        // 1 ns of slack: rises exactly windowSeconds apart count despite rounding.
        guard riseTimes.count == requiredCount, t - riseTimes[0] <= windowSeconds + 1e-9 else { return false }
        riseTimes.removeAll()
        quietUntil = t + cooldownSeconds
        return true
    }
}
