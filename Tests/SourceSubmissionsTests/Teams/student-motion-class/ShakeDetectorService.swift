import CoreMotion
import Foundation
import UIKit

/// Listens to the accelerometer and counts a shake when the phone sees three hard peaks within two seconds.
class ShakeDetectorService {
    private let motionManager = CMMotionManager()
    private var peakTimes: [Date] = []
    private(set) var shakeCount = 0
    var onShake: (() -> Void)?
    private let haptics = UIImpactFeedbackGenerator(style: .medium)

    // tuned by hand on my phone
    let threshold = 2.5  // g
    let peaksNeeded = 3
    let window: TimeInterval = 2.0
    let minGap: TimeInterval = 0.3

    init() {
        print("ShakeDetectorService ready")
    }

    func startListening() {
        guard motionManager.isAccelerometerAvailable else {
            print("Accelerometer not available")
            return
        }
        motionManager.accelerometerUpdateInterval = 1.0 / 60.0
        motionManager.startAccelerometerUpdates(to: OperationQueue.main) { [weak self] data, error in
            if let error = error {
                print("Accelerometer error: \(error.localizedDescription)")
                return
            }
            guard let self = self, let data = data else { return }
            self.handle(data.acceleration)
        }
    }

    func stopListening() {
        motionManager.stopAccelerometerUpdates()
    }

    private func handle(_ a: CMAcceleration) {
        let magnitude = sqrt(pow(a.x, 2) + pow(a.y, 2) + pow(a.z, 2))
        guard magnitude > threshold else { return }
        let now = Date()
        if let last = peakTimes.last, now.timeIntervalSince(last) < minGap {
            return
        }
        peakTimes.append(now)
        peakTimes = peakTimes.filter { now.timeIntervalSince($0) <= window }
        if peakTimes.count >= peaksNeeded {
            peakTimes.removeAll()
            shakeCount += 1
            haptics.impactOccurred()
            print("Shake detected! total: \(shakeCount)")
            onShake?()
        }
    }
}
