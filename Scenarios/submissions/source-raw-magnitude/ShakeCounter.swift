import CoreMotion
import Foundation

// Written for SensorBench in the style of the course's public submission (not copied from it): the raw
// accelerometer's magnitude, gravity included, at or above 2.5 g on 3 readings within 2 s, read at 60 Hz in the
// app (`accelerometerUpdateInterval = 1.0 / 60.0`), then a 1 s pause before the next shake counts.

/// Counts hard accelerometer readings and reports a shake.
final class ShakeCounter {
    let thresholdG = 2.5
    let requiredHits = 3
    let window: TimeInterval = 2.0
    let pause: TimeInterval = 1.0

    private var hits: [TimeInterval] = []
    private var pausedUntil: TimeInterval = -.infinity

    /// The body of `startAccelerometerUpdates(to: .main) { data, _ in … }`: true when a shake is recognised.
    func didShake(_ data: CMAccelerometerData) -> Bool {
        let a = data.acceleration
        let magnitude = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
        if data.timestamp < pausedUntil || magnitude < thresholdG { return false }
        hits.append(data.timestamp)
        if hits.count > requiredHits { hits.removeFirst() }
        if hits.count < requiredHits || data.timestamp - hits[0] > window { return false }
        hits.removeAll()
        pausedUntil = data.timestamp + pause
        return true
    }
}
