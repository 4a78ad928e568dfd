import Combine
import CoreMotion
import Foundation

/// The hunt screen's shake state. A hard shake starts a task that writes a message (after a short pause, as
/// if saving) and then waits out a cooldown before the next shake counts.
final class ShakeViewModel: ObservableObject {
    @Published var shakeCount = 0
    @Published var isCoolingDown = false
    @Published var lastMessage = ""

    private let motionManager = CMMotionManager()
    private var cooldownTask: Task<Void, Never>?

    func startMotion() {
        guard motionManager.isAccelerometerAvailable else { return }
        motionManager.accelerometerUpdateInterval = 0.02
        motionManager.startAccelerometerUpdates(to: .main) { [weak self] data, error in
            guard let data else { return }
            let a = data.acceleration
            let strength = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
            if strength > 2.5 {
                Task { @MainActor in
                    await self?.handleShake(strength: strength)
                }
            }
        }
    }

    func handleShake(strength: Double) async {
        guard !isCoolingDown else { return }
        isCoolingDown = true
        shakeCount += 1
        lastMessage = await describe(strength)
        print(lastMessage)
        cooldownTask?.cancel()
        cooldownTask = Task {
            try? await Task.sleep(for: .seconds(1.5))
            isCoolingDown = false
        }
    }

    func describe(_ strength: Double) async -> String {
        try? await Task.sleep(nanoseconds: 100_000_000)
        return "shake \(shakeCount) at \(Date().timeIntervalSinceReferenceDate)"
    }
}
