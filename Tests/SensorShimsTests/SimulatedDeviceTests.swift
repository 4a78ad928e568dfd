import Testing

@testable import SensorShims

// MARK: - The simulated phone: update intervals, low-rate delivery, queues and the virtual clock

/// A student-style owner of a motion manager: the handler on `OperationQueue.main` keeps what it gets.
final class RecordingMotionOwner {
    let manager = CMMotionManager()
    var received: [CMAccelerometerData] = []

    init(intervalSeconds: Double) {
        manager.accelerometerUpdateInterval = intervalSeconds
        manager.startAccelerometerUpdates(to: .main) { [weak self] data, _ in
            guard let data else { return }
            self?.received.append(data)
        }
    }
}

@Suite(.serialized) struct SimulatedDeviceTests {
    /// Feeds `n` samples at 100 Hz (tₖ = k / 100 s); sample k has user acceleration x = k (g), gravity (0, 0, −1).
    static func feed(_ n: Int) {
        for k in 0..<n {
            SimulatedDevice.motionSample(
                timestamp: Double(k) / 100, userAcceleration: CMAcceleration(x: Double(k), y: 0, z: 0),
                gravity: CMAcceleration(x: 0, y: 0, z: -1))
        }
    }

    /// At interval T the handler gets the samples k = 0, 100T, 200T, … (the first after the start, then every T
    /// on that grid): 5 Hz → every 20th sample, 10 Hz → every 10th, 50 Hz → every 2nd.
    @Test(arguments: [(0.2, 20), (0.1, 10), (0.02, 2)])
    func latestSampleAtEachTick(interval: Double, every: Int) {
        SimulatedDevice.reset()
        let owner = RecordingMotionOwner(intervalSeconds: interval)
        Self.feed(100)
        let expected = Array(stride(from: 0, to: 100, by: every))
        #expect(owner.received.map { Int(($0.timestamp * 100).rounded()) } == expected)
        // Latest: the tick's own sample, x = k, and gravity added to z for the raw accelerometer.
        #expect(owner.received.map(\.acceleration.x) == expected.map(Double.init))
        #expect(owner.received.allSatisfy { $0.acceleration.z == -1 })
        #expect(SimulatedDevice.startedIntervals.accelerometerSeconds == interval)
    }

    /// Average: tick n delivers the mean of the samples since tick n − 1 (exclusive) up to its own. At 5 Hz:
    /// tick 0 is sample 0 alone (x = 0); tick 1 averages samples 1…20, (1 + 20) / 2 = 10.5; tick 2 samples
    /// 21…40, (21 + 40) / 2 = 30.5.
    @Test func averageSinceTheLastTick() {
        SimulatedDevice.reset(lowRateDelivery: .average)
        let owner = RecordingMotionOwner(intervalSeconds: 0.2)
        Self.feed(41)
        #expect(owner.received.map(\.acceleration.x) == [0, 10.5, 30.5])
    }

    /// Intervals are clamped to 0.01–1 s (100 Hz to 1 Hz): 0 gets every sample, 5 s one a second.
    @Test func intervalsAreClamped() {
        SimulatedDevice.reset()
        let fast = RecordingMotionOwner(intervalSeconds: 0)
        let slow = RecordingMotionOwner(intervalSeconds: 5)
        Self.feed(250)
        #expect(fast.received.count == 250)
        #expect(slow.received.map(\.timestamp) == [0, 1, 2])
    }

    /// 60 Hz on a 100 Hz stream: ticks at n / 60 s are taken at the first sample at or after them, so 6 updates
    /// per 0.1 s (samples 0, 2, 4, 5, 7, 9 in the first tenth: ⌈100 n / 60⌉ for n = 0…5).
    @Test func sixtyHertzOnAHundredHertzStream() {
        SimulatedDevice.reset()
        let owner = RecordingMotionOwner(intervalSeconds: 1.0 / 60)
        Self.feed(100)
        #expect(owner.received.count == 60)
        #expect(owner.received.prefix(6).map { Int(($0.timestamp * 100).rounded()) } == [0, 2, 4, 5, 7, 9])
    }

    /// A manager the app does not keep gets nothing (the device holds it weakly, as iOS stops updates when the
    /// manager is released); a stopped one gets nothing more.
    @Test func releasedOrStoppedManagersGetNothing() {
        SimulatedDevice.reset()
        var count = 0
        do {
            let local = CMMotionManager()
            local.startAccelerometerUpdates(to: OperationQueue()) { _, _ in count += 1 }
        }
        let owner = RecordingMotionOwner(intervalSeconds: 0.01)
        Self.feed(3)
        owner.manager.stopAccelerometerUpdates()
        Self.feed(3)
        #expect(count == 0)
        #expect(owner.received.count == 3)
    }

    /// Device motion: user acceleration and gravity apart; pull-style `accelerometerData` is the latest tick.
    @Test func deviceMotionAndPull() {
        SimulatedDevice.reset()
        let manager = CMMotionManager()
        var motions: [CMDeviceMotion] = []
        manager.deviceMotionUpdateInterval = 0.1
        manager.startDeviceMotionUpdates(to: .main) { m, _ in motions.append(m!) }
        manager.accelerometerUpdateInterval = 0.5
        manager.startAccelerometerUpdates()
        Self.feed(60)
        #expect(motions.map(\.userAcceleration.x) == [0, 10, 20, 30, 40, 50])
        #expect(motions.allSatisfy { $0.gravity == CMAcceleration(x: 0, y: 0, z: -1) })
        #expect(manager.accelerometerData?.acceleration.x == 50)
    }

    /// Timers, `asyncAfter` and `Date()` run on the stream's clock: a 0.5 s repeating timer over 2 s of samples
    /// fires at 0.5, 1.0, 1.5 (the clock reaches 1.99); `asyncAfter(.now() + 1)` at 1.0; `Date()` inside reads
    /// the fire time. The blocks are `@Sendable` as Apple's, so (in this Swift 6 test) they record through a
    /// main-actor object: the timer's block with `MainActor.assumeIsolated`, as Xcode asks; the
    /// `DispatchQueue.main.asyncAfter` closure directly (the compiler treats it as main-actor isolated, by the
    /// type's name, as it does Apple's).
    @Test @MainActor func timersAndDatesOnTheVirtualClock() {
        @MainActor final class Times {
            var fires: [Double] = []
            var later: [Double] = []
        }
        SimulatedDevice.reset()
        let times = Times()
        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
            MainActor.assumeIsolated { times.fires.append(Date().timeIntervalSinceReferenceDate) }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { times.later.append(Date().timeIntervalSinceReferenceDate) }
        Self.feed(200)
        #expect(times.fires == [0.5, 1.0, 1.5])
        #expect(times.later == [1.0])
    }

    /// Location: `requestLocation()` gets the next fix once, `startUpdatingLocation()` every fix, `location` is the
    /// latest fix; the delegate hears the authorization once the main queue runs.
    @Test func locationManagerDeliversToItsDelegate() {
        final class Listener: NSObject, CLLocationManagerDelegate {
            let manager = CLLocationManager()
            var fixes: [Double] = []
            var authorizations = 0
            override init() {
                super.init()
                manager.delegate = self
                manager.requestLocation()
            }
            func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                fixes.append(locations[0].timestamp.timeIntervalSinceReferenceDate)
            }
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) { authorizations += 1 }
        }
        SimulatedDevice.reset()
        let listener = Listener()
        func fix(_ t: Double) {
            SimulatedDevice.locationFix(
                CLLocation(
                    coordinate: CLLocationCoordinate2D(latitude: 39.95, longitude: -75.19), altitude: 0,
                    horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date(timeIntervalSinceReferenceDate: t)))
        }
        fix(0)
        fix(1)
        #expect(listener.fixes == [0])
        #expect(listener.authorizations == 1)
        #expect(listener.manager.location?.timestamp == Date(timeIntervalSinceReferenceDate: 1))
        listener.manager.startUpdatingLocation()
        fix(2)
        fix(3)
        #expect(listener.fixes == [0, 2, 3])
    }

    /// A delegate that records every call it gets, as (time, what).
    final class FailureListener: NSObject, CLLocationManagerDelegate {
        let manager = CLLocationManager()
        var calls: [(Double, String)] = []
        override init() {
            super.init()
            manager.delegate = self
        }
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            calls.append((SimulatedDevice.now, "fix \(locations[0].timestamp.timeIntervalSinceReferenceDate)"))
        }
        func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
            let code = (error as? CLError)?.code
            calls.append((SimulatedDevice.now, code == .denied ? "denied" : code == .locationUnknown ? "unknown" : "other"))
        }
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            calls.append((SimulatedDevice.now, "authorization \(manager.authorizationStatus.rawValue)"))
        }
    }

    static func fix(_ t: Double) {
        SimulatedDevice.locationFix(
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 39.95, longitude: -75.19), altitude: 0,
                horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date(timeIntervalSinceReferenceDate: t)))
    }

    /// Denied, as iOS: the status is `.denied` (raw value 2, Apple's) from the start and the delegate hears it
    /// once the main queue runs; `requestWhenInUseAuthorization()` changes nothing and calls nothing;
    /// `requestLocation()` and `startUpdatingLocation()` each fail once with `CLError(.denied)` at the next drain
    /// (the device drains before moving its clock, so at 0 and 1);
    /// ticks without a fix bring nothing more, and `location` stays nil.
    @Test func deniedAuthorizationFailsEveryRequestWithDenied() {
        SimulatedDevice.reset(locationAuthorization: .denied)
        let listener = FailureListener()
        listener.manager.requestWhenInUseAuthorization()
        listener.manager.requestLocation()
        SimulatedDevice.locationUnavailable(at: 1)
        listener.manager.startUpdatingLocation()
        SimulatedDevice.locationUnavailable(at: 2)
        SimulatedDevice.locationUnavailable(at: 3)
        #expect(listener.calls.map(\.1) == ["authorization 2", "denied", "denied"])
        #expect(listener.calls.map(\.0) == [0, 0, 1])
        #expect(listener.manager.authorizationStatus == .denied && CLLocationManager.authorizationStatus() == .denied)
        #expect(listener.manager.location == nil)
        // A fresh phone is authorized again.
        SimulatedDevice.reset()
        #expect(CLLocationManager().authorizationStatus == .authorizedWhenInUse)
    }

    /// GPS lost for a while: continuous updates report `.locationUnknown` once at the first tick without a fix,
    /// keep trying and deliver the next fix (then report again at the next loss); a one-shot request made during
    /// the loss fails with `.locationUnknown` at the next tick without a fix and ends (a later fix does not reach
    /// it). Hand-traced: ticks at 0, 1, 2 without a fix, fixes at 3 and 4, no fix at 5, fix at 6.
    @Test func lostFixesReportLocationUnknownThenRecover() {
        SimulatedDevice.reset()
        let listener = FailureListener()
        listener.manager.startUpdatingLocation()
        SimulatedDevice.locationUnavailable(at: 0)
        SimulatedDevice.locationUnavailable(at: 1)
        SimulatedDevice.locationUnavailable(at: 2)
        Self.fix(3)
        Self.fix(4)
        SimulatedDevice.locationUnavailable(at: 5)
        Self.fix(6)
        #expect(
            listener.calls.map(\.1) == ["authorization 4", "unknown", "fix 3.0", "fix 4.0", "unknown", "fix 6.0"])
        #expect(listener.calls.map(\.0) == [0, 0, 3, 4, 5, 6])

        SimulatedDevice.reset()
        let once = FailureListener()
        once.manager.requestLocation()
        SimulatedDevice.locationUnavailable(at: 0)
        Self.fix(1)
        #expect(once.calls.map(\.1) == ["authorization 4", "unknown"])
        #expect(once.manager.location?.timestamp == Date(timeIntervalSinceReferenceDate: 1))
    }

    /// `pow` on integer exponents is repeated multiplication (exact for squares); otherwise e^(y ln x), checked
    /// against closed forms: 2^0.5 = √2, 10^−1.5 = 1/(10√10), e^1 = 2.718281828459045 (Double nearest e).
    @Test func powExpLog() {
        #expect(pow(3, 2) == 9)
        #expect(pow(1.1, 2) == 1.1 * 1.1)
        #expect(pow(2, -3) == 0.125)
        #expect(abs(pow(2, 0.5) - 2.0.squareRoot()) <= 4e-16)
        #expect(abs(pow(10, -1.5) / (1 / (10 * 10.0.squareRoot())) - 1) <= 1e-15)
        #expect(abs(exp(1) - 2.718281828459045) <= 4.5e-16)
        #expect(abs(log(1000) - 3 * 2.302585092994046) <= 1e-15)
        #expect(pow(-2, 3) == -8)
        #expect(pow(-2, 0.5).isNaN)
    }

    /// `UUID()` counts from the stream's start, so a run is reproducible; the string form round-trips.
    @Test func uuidsAreDeterministic() {
        SimulatedDevice.reset()
        let a = UUID()
        let b = UUID()
        #expect(a.uuidString == "00000000-0000-4000-8000-000000000001")
        #expect(a != b && UUID(uuidString: b.uuidString) == b)
        SimulatedDevice.reset()
        #expect(UUID() == a)
    }
}
