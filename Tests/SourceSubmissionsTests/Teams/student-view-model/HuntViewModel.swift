import CoreMotion
import SwiftUI

struct Hall: Identifiable {
    let id = UUID()
    let name: String
    var collected = false
}

/// The hunt screen's state: which halls are collected and whether a shake just happened.
final class HuntViewModel: ObservableObject {
    @Published var halls: [Hall] = []
    @Published var shakeCount = 0
    @Published var isCoolingDown = false

    private let motion = CMMotionManager()
    private let feedback = UINotificationFeedbackGenerator()
    private let motionQueue = OperationQueue()

    init() {
        shakeCount = UserDefaults.standard.integer(forKey: "shakeCount")
        halls = [Hall(name: "1920 Commons"), Hall(name: "Pret A Manger")]
    }

    func startShakeDetection() {
        guard motion.isDeviceMotionAvailable else { return }
        motion.deviceMotionUpdateInterval = 0.02
        motion.startDeviceMotionUpdates(to: motionQueue) { [weak self] deviceMotion, _ in
            guard let self = self, let deviceMotion = deviceMotion else { return }
            let a = deviceMotion.userAcceleration
            let strength = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
            if strength > 2.0 && !self.isCoolingDown {
                DispatchQueue.main.async {
                    self.registerShake()
                }
            }
        }
    }

    private func registerShake() {
        guard !isCoolingDown else { return }
        isCoolingDown = true
        shakeCount += 1
        UserDefaults.standard.set(shakeCount, forKey: "shakeCount")
        feedback.notificationOccurred(.success)
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
            self.isCoolingDown = false
        }
    }
}
