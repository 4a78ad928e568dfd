// HOSTILE EXAMPLE (unbounded allocation). The detector keeps a "smoothing window" of magnitudes, but appends the
// whole window to itself on every reading, so the window doubles at each sample: 2^27 values (1 GiB) after 27
// readings. The grader must give this team the outcome "memory limit reached" (the address-space limit; the Swift
// runtime's "failed to allocate … bytes of memory" on standard error), show it in the team's report, and grade
// every other team normally.

import CoreMotion
import Foundation

/// Averages the magnitude over a window; an average of 2.5 g or more is a shake.
struct HoardingShakeDetector {
    private let thresholdG = 2.5
    private var window: [Double] = []

    mutating func handle(_ data: CMAccelerometerData) -> Bool {
        let a = data.acceleration
        let magnitude = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
        // Bug: meant `window.append(magnitude)` with a cap; copies the window into itself instead.
        window = window + window + [magnitude]
        let mean = window.reduce(0, +) / Double(window.count)
        return mean >= thresholdG
    }
}
