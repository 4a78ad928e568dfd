import SensorShims

// docs/detectors.md shows this file from the line after the marker below; a team pastes it with `import CoreMotion`.
// paste-from-here
/// Says when the phone was shaken: `requiredCount` direction reversals beyond `thresholdG` within `windowSeconds`.
/// An excursion is a run of device-motion samples whose user acceleration exceeds `thresholdG`; its peak is its
/// largest sample. A new excursion is a reversal when its first sample points more than 120° away from the previous
/// excursion's peak. At the reversal that makes `requiredCount` of them within `windowSeconds` it fires, forgets them
/// and the peak, and counts nothing for `cooldownSeconds` (excursions are still followed, so one under way when the
/// cooldown ends is not taken as new). The defaults, reversal at 1.5 g with windowSeconds 0.5, are a setting of the
/// shipped shake sweeps.
final class ReversalShake {
    let thresholdG: Double
    let requiredCount: Int
    let windowSeconds: Double
    let cooldownSeconds: Double

    private var inExcursion = false
    /// Whether the current excursion started outside a cooldown (and so may become the reference peak).
    private var excursionCounts = false
    private var peak = CMAcceleration(x: 0, y: 0, z: 0)
    private var peakSquared = 0.0
    private var reference: (a: CMAcceleration, squared: Double)?
    private var reversalTimes: [TimeInterval] = []
    private var quietUntil: TimeInterval = -.infinity

    init(thresholdG: Double = 1.5, requiredCount: Int = 4, windowSeconds: Double = 0.5, cooldownSeconds: Double = 1.0) {
        self.thresholdG = thresholdG
        self.requiredCount = requiredCount
        self.windowSeconds = windowSeconds
        self.cooldownSeconds = cooldownSeconds
    }

    /// Call from `startDeviceMotionUpdates(to:withHandler:)`; true when a shake is recognised.
    func handle(_ motion: CMDeviceMotion) -> Bool {
        let t = motion.timestamp
        let counts = t >= quietUntil
        let a = motion.userAcceleration
        let squared = a.x * a.x + a.y * a.y + a.z * a.z
        guard squared > thresholdG * thresholdG else {
            if inExcursion {
                inExcursion = false
                if excursionCounts { reference = (peak, peakSquared) }
            }
            return false
        }
        if inExcursion {
            if squared > peakSquared {
                peak = a
                peakSquared = squared
            }
            return false
        }
        inExcursion = true
        excursionCounts = counts
        peak = a
        peakSquared = squared
        guard counts, let p = reference else { return false }
        // More than 120° from the reference peak: a·p < −½|a||p|, squared so that no root is taken.
        let dot = a.x * p.a.x + a.y * p.a.y + a.z * p.a.z
        guard dot < 0, dot * dot > 0.25 * squared * p.squared else { return false }
        if reversalTimes.count == requiredCount { reversalTimes.removeFirst() }
        reversalTimes.append(t)
        // 1 ns of slack: reversals exactly windowSeconds apart count despite rounding.
        guard reversalTimes.count == requiredCount, t - reversalTimes[0] <= windowSeconds + 1e-9 else { return false }
        reversalTimes.removeAll()
        reference = nil
        // The excursion that completed the shake must not become the next one's reference.
        excursionCounts = false
        quietUntil = t + cooldownSeconds
        return true
    }
}
