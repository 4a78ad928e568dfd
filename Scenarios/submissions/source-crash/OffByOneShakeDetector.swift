// HOSTILE EXAMPLE (crash). On the first hard reading the detector reads the last hit time as
// `hitTimes[hitTimes.count]`, one past the end: Swift stops the program with "Fatal error: Index out of range"
// (a trap: SIGILL on x86-64, SIGTRAP on ARM). The grader must give this team the outcome "crashed" with the
// signal's name and the runtime's message, and grade every other team normally.

import CoreMotion
import Foundation

/// Counts readings of at least 2.5 g (gravity included) at least 0.1 s apart; 3 within 2 s are a shake.
struct OffByOneShakeDetector {
    private let thresholdG = 2.5
    private let window: TimeInterval = 2.0
    private var hitTimes: [TimeInterval] = [0]

    mutating func handle(_ data: CMAccelerometerData) -> Bool {
        let a = data.acceleration
        guard sqrt(a.x * a.x + a.y * a.y + a.z * a.z) >= thresholdG else { return false }
        // Bug: the last element is `hitTimes[hitTimes.count - 1]`.
        let previous = hitTimes[hitTimes.count]
        guard data.timestamp - previous >= 0.1 else { return false }
        hitTimes.append(data.timestamp)
        hitTimes.removeAll { data.timestamp - $0 > window }
        guard hitTimes.count >= 3 else { return false }
        hitTimes = [data.timestamp]
        return true
    }
}
