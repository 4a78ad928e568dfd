// HOSTILE EXAMPLE (infinite loop). On the first reading of 2.5 g or more the detector waits, inside the callback,
// for two more hard readings; but it loops over the one reading it was given, so the loop never ends. The grader
// must give this team the outcome "CPU-time limit reached" (RLIMIT_CPU; "wall-clock limit reached" if the machine
// is so loaded that the wall clock runs out first), show it in the team's report, and grade every other team
// normally.

import CoreMotion
import Foundation

/// Counts readings of at least 2.5 g (gravity included); 3 are a shake.
struct SpinningShakeDetector {
    private let thresholdG = 2.5
    private var spins: UInt64 = 0

    mutating func handle(_ data: CMAccelerometerData) -> Bool {
        let a = data.acceleration
        let magnitude = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
        guard magnitude >= thresholdG else { return false }
        var hits = 1
        // Bug: waits for the next readings inside this one callback; `magnitude` never changes.
        while hits < 3 {
            spins &+= 1
            if magnitude < thresholdG { hits += 1 }
        }
        return true
    }
}
