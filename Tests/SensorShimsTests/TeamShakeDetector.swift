import SensorShims

// MARK: - A team's shake detector, written as Apple code would be

// Written for this test (not copied from any submission) the way the course's public submission describes its
// detector: raw accelerometer magnitude, gravity included, at or above 2.5 g on 3 readings within 2 s, then a
// 1 s pause. This file imports only SensorShims, so it would compile unchanged against Core Motion on iOS.

/// Counts hard readings of `CMAccelerometerData` and says when the phone was shaken.
final class TeamShakeDetector {
    private let thresholdG = 2.5
    private let requiredHits = 3
    private let window: TimeInterval = 2.0
    private let cooldown: TimeInterval = 1.0

    private var hitTimes: [TimeInterval] = []
    private var quietUntil: TimeInterval = -.infinity

    /// Call from `startAccelerometerUpdates(to:withHandler:)`; true when a shake is recognised.
    func handle(_ data: CMAccelerometerData) -> Bool {
        let a = data.acceleration
        let magnitude = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
        guard data.timestamp >= quietUntil, magnitude >= thresholdG else { return false }
        hitTimes.append(data.timestamp)
        if hitTimes.count > requiredHits { hitTimes.removeFirst() }
        guard hitTimes.count == requiredHits, data.timestamp - hitTimes[0] <= window else { return false }
        hitTimes.removeAll()
        quietUntil = data.timestamp + cooldown
        return true
    }
}

// MARK: - A team's proximity check, written as Apple code would be

/// The Penn Dining rule: a hall can be collected within 50 m (`CLLocation.distance(from:) < 50`).
struct TeamHallCheck {
    let hall: CLLocation
    let radius: CLLocationDistance = 50

    func canCollect(at userLocation: CLLocation) -> Bool {
        userLocation.distance(from: hall) < radius
    }
}
