import CoreMotion
import Foundation

class ShakeService: ObservableObject {
    private let motionManager = CMMotionManager()
    private var lastShake: Date?
    @Published private(set) var shakeCount = 0

    func startListening() {
        guard motionManager.isAccelerometerAvailable else { return }
        motionManager.accelerometerUpdateInterval = 0.02
        motionManager.startAccelerometerUpdates(to: .main) { [weak self] data, _ in
            guard let self, let a = data?.acceleration else { return }
            let g = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
            if g > 2.5 {
                let now = Date()
                if let last = self.lastShake, now.timeIntervalSince(last) < 1.0 { return }
                self.lastShake = now
                self.shakeCount += 1
            }
        }
    }

    func stopListening() { motionManager.stopAccelerometerUpdates() }
}
