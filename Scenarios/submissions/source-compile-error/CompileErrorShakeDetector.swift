// HOSTILE EXAMPLE (compile error). The team left a step counter in the detector file: `CMPedometer` is not one
// of the shims (they have the Core Motion the course's apps use: CMMotionManager and its data), so this file does
// not compile. The grader must give this team the outcome "compile error" with the compiler's own line,
// `CompileErrorShakeDetector.swift:17:…: error: cannot find 'CMPedometer' in scope`, and grade every other
// team normally.

import CoreMotion
import Foundation

/// Counts readings of at least 2.5 g (gravity included); 3 within 2 s are a shake.
final class CompileErrorShakeDetector {
    private let thresholdG = 2.5
    private let window: TimeInterval = 2.0
    private var hitTimes: [TimeInterval] = []

    /// The app's step counter (not among the shims).
    private let manager = CMPedometer()

    func handle(_ data: CMAccelerometerData) -> Bool {
        let a = data.acceleration
        guard sqrt(a.x * a.x + a.y * a.y + a.z * a.z) >= thresholdG else { return false }
        hitTimes.append(data.timestamp)
        hitTimes.removeAll { data.timestamp - $0 > window }
        guard hitTimes.count >= 3 else { return false }
        hitTimes.removeAll()
        return true
    }
}
