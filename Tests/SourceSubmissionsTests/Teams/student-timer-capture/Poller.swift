import CoreMotion
import Foundation

/// Reads the accelerometer twenty times a second from a timer and counts readings over 3 g, tallying them on
/// an operation queue and logging on a background queue (a plain class: no actor anywhere).
final class Poller {
    let motion = CMMotionManager()
    var shakes = 0
    var readings = 0
    var timer: Timer?
    let tally = OperationQueue()

    func begin() {
        motion.accelerometerUpdateInterval = 0.05
        motion.startAccelerometerUpdates()
        timer = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { _ in
            guard let a = self.motion.accelerometerData?.acceleration else { return }
            if (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot() > 3 {
                self.tally.addOperation { self.shakes += 1 }
            }
            DispatchQueue.global().async { self.readings += 1 }
        }
    }
}
