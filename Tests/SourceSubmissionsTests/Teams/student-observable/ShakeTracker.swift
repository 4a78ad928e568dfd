import CoreMotion
import Foundation
import Observation

/// Polls the accelerometer ten times a second; a reading 2 g past gravity is a shake, then one second of rest.
@Observable
final class ShakeTracker {
    var shakes = 0
    var lastMagnitude = 0.0
    var lastShakeAt: Date?
    var banner = ""

    @ObservationIgnored private let motionManager = CMMotionManager()
    @ObservationIgnored private var timer: Timer?
    private let cooldown: TimeInterval = 1.0

    func begin() {
        motionManager.accelerometerUpdateInterval = 0.1
        motionManager.startAccelerometerUpdates()
        // Timer's block is @Sendable: Swift 6 wants the hop back to the main actor spelled out.
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.poll() }
        }
    }

    func end() {
        timer?.invalidate()
        motionManager.stopAccelerometerUpdates()
    }

    private func poll() {
        guard let data = motionManager.accelerometerData else { return }
        let a = data.acceleration
        lastMagnitude = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
        guard lastMagnitude - 1 >= 2.0 else { return }
        let now = Date()
        if let last = lastShakeAt, now.timeIntervalSince(last) < cooldown { return }
        lastShakeAt = now
        shakes += 1
        DispatchQueue.main.async {
            self.banner = "Shake \(self.shakes)!"
        }
    }
}
