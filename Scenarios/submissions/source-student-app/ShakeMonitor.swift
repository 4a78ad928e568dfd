import CoreMotion
import Foundation

/// Watches the accelerometer and turns on `shakeDetected` when the user shakes the phone hard:
/// two hits over 2.2 g within 1.5 s, then nothing for 2 s so one shake is one collect.
class ShakeMonitor {
    let motionManager = CMMotionManager()

    // the hunt screen collects the hall when this turns on (and turns it off again)
    var shakeDetected = false
    var shakes = 0

    private var hits = 0
    private var firstHit: Date?
    private var lastShake: Date?

    func start() {
        if !motionManager.isAccelerometerAvailable {
            print("no accelerometer!!")
            return
        }
        motionManager.accelerometerUpdateInterval = 0.04  // 25 Hz, plenty for a shake
        motionManager.startAccelerometerUpdates(to: OperationQueue.main) { data, error in
            guard let data = data else {
                print("accelerometer error: \(error?.localizedDescription ?? "unknown")")
                return
            }
            self.check(data.acceleration)
        }
        print("listening for shakes")
    }

    func stop() {
        motionManager.stopAccelerometerUpdates()
    }

    func check(_ a: CMAcceleration) {
        let g = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
        if g < 2.2 {
            return
        }
        let now = Date()
        if let first = firstHit, now.timeIntervalSince(first) < 1.5 {
            hits += 1
        } else {
            firstHit = now
            hits = 1
        }
        if hits >= 2 {
            if let last = lastShake, now.timeIntervalSince(last) < 2 {
                return
            }
            lastShake = now
            hits = 0
            shakes += 1
            shakeDetected = true
            print("SHAKE #\(shakes)")
        }
    }
}
