// HOSTILE EXAMPLE (compile error). The team left its Core Motion set-up in the detector file: `CMMotionManager`
// is not one of the shims (detection logic only; staff hand over the detection files), so this file does not
// compile. The grader must give this team the outcome "compile error" with the compiler's own line,
// `CompileErrorShakeDetector.swift:17:…: error: cannot find 'CMMotionManager' in scope`, and grade every other
// team normally.

import CoreMotion
import Foundation

/// Counts readings of at least 2.5 g (gravity included); 3 within 2 s are a shake.
final class CompileErrorShakeDetector {
    private let thresholdG = 2.5
    private let window: TimeInterval = 2.0
    private var hitTimes: [TimeInterval] = []

    /// The app's motion manager, started at 60 Hz (does not exist outside iOS).
    private let manager = CMMotionManager()

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
