import CoreMotion
import SwiftUI

struct DiningHall: Identifiable {
    let id = UUID()
    let name: String
}
let halls = [DiningHall(name: "1920 Commons"), DiningHall(name: "Pret A Manger")]

final class HuntViewModel: ObservableObject {
    @Published var shakeDetected = false
    private let motion = CMMotionManager()

    init() {
        motion.deviceMotionUpdateInterval = 1.0 / 50.0
        motion.startDeviceMotionUpdates(to: OperationQueue()) { [weak self] dm, _ in
            guard let self, let dm else { return }
            let a = dm.userAcceleration
            if sqrt(a.x * a.x + a.y * a.y + a.z * a.z) > 2.0 && !self.shakeDetected {
                DispatchQueue.main.async {
                    self.shakeDetected = true
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
                        self.shakeDetected = false
                    }
                }
            }
        }
    }
}
