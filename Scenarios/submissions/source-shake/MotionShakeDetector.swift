import CoreMotion
import Foundation

// A team's shake detector, written for SensorBench: device-motion user acceleration (gravity removed), a shake
// is 4 readings above 1.8 g within 1 s whose x or y sign has flipped at least twice, then 1.5 s of quiet.

struct MotionShakeDetector {
    private let thresholdG = 1.8
    private let hitsNeeded = 4
    private let window: TimeInterval = 1.0
    private let quiet: TimeInterval = 1.5

    private var hits: [(time: TimeInterval, sign: Double)] = []
    private var quietUntil: TimeInterval = -.infinity

    /// Called from `startDeviceMotionUpdates(to:withHandler:)`.
    mutating func update(_ motion: CMDeviceMotion) -> Bool {
        let a = motion.userAcceleration
        let t = motion.timestamp
        guard t >= quietUntil else { return false }
        let horizontal = abs(a.x) > abs(a.y) ? a.x : a.y
        guard sqrt(a.x * a.x + a.y * a.y + a.z * a.z) >= thresholdG else { return false }
        hits.append((t, horizontal < 0 ? -1 : 1))
        hits.removeAll { t - $0.time > window }
        guard hits.count >= hitsNeeded else { return false }
        var flips = 0
        for i in 1..<hits.count where hits[i].sign != hits[i - 1].sign { flips += 1 }
        guard flips >= 2 else { return false }
        hits.removeAll()
        quietUntil = t + quiet
        return true
    }
}
