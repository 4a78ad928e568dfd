// MARK: - The simulated phone: one virtual clock, one main queue, the sensor hub

/// The phone a team's app runs on inside the grader's harness: a virtual clock (the stream's time, never the
/// machine's), the work waiting on the main queue and on `OperationQueue`s, the timers, and the sensor hub that
/// hands the grader's samples to every running `CMMotionManager` and `CLLocationManager`.
///
/// Everything runs on one thread, in a fixed order, so a run is deterministic: work queued with
/// `DispatchQueue.main.async`, `OperationQueue.addOperation` or a Core Motion handler runs first in, first out
/// when the harness drains the queue (after each sample); timers and `asyncAfter` run when the clock reaches
/// their time, earliest first (ties in the order they were scheduled).
///
/// The harness (and tests) drive it: ``reset(lowRateDelivery:locationAuthorization:)`` before each stream (a fresh app on a fresh
/// phone), then per sample ``motionSample(timestamp:userAcceleration:gravity:)`` or ``locationFix(_:)`` or ``locationUnavailable(at:)``.
public enum SimulatedDevice {
    nonisolated(unsafe) static var clockSeconds: TimeInterval = 0
    nonisolated(unsafe) static var pending: [() -> Void] = []
    nonisolated(unsafe) static var pendingStart = 0
    nonisolated(unsafe) static var timers: [ScheduledWork] = []
    nonisolated(unsafe) static var sequence = 0
    nonisolated(unsafe) static var motionManagers: [WeakBox<CMMotionManager>] = []
    nonisolated(unsafe) static var locationManagers: [WeakBox<CLLocationManager>] = []
    nonisolated(unsafe) static var lastLocation: CLLocation?
    nonisolated(unsafe) static var uuidCounter: UInt64 = 0
    nonisolated(unsafe) static var defaults: [String: Any] = [:]
    nonisolated(unsafe) static var delivery: LowRateDelivery = .latest
    nonisolated(unsafe) static var intervals = SensorIntervals()
    nonisolated(unsafe) static var authorization = CLAuthorizationStatus.authorizedWhenInUse

    /// Work waiting for the clock.
    struct ScheduledWork {
        var dueSeconds: TimeInterval
        var order: Int
        var work: () -> Void
    }

    /// The virtual clock: the stream time of the sample being delivered, seconds.
    public static var now: TimeInterval { clockSeconds }

    /// How a manager whose interval is longer than the stream's sample period is fed (``LowRateDelivery``).
    public static var lowRateDelivery: LowRateDelivery { delivery }

    /// The update intervals the app's managers were started with, as delivered (clamped to 0.01–1 s); 0 for a
    /// sensor never started since the last ``reset(lowRateDelivery:locationAuthorization:)``.
    public static var startedIntervals: SensorIntervals { intervals }

    /// The app's location authorization on this phone (``reset(lowRateDelivery:locationAuthorization:)``): what
    /// every `CLLocationManager` reports as `authorizationStatus`.
    public static var locationAuthorization: CLAuthorizationStatus { authorization }

    /// A fresh phone: clock at 0, no queued work, timers, managers, cached location, user defaults or UUIDs.
    ///
    /// - Parameters:
    ///   - lowRateDelivery: how managers slower than the stream are fed.
    ///   - locationAuthorization: what the simulated user answered the app's location prompt before the visit:
    ///     `.authorizedWhenInUse` (the default) or `.denied` (every `CLLocationManager` then reports `.denied`,
    ///     gets no fix and fails `startUpdatingLocation()` and `requestLocation()` with `CLError(.denied)`).
    public static func reset(
        lowRateDelivery: LowRateDelivery = .latest,
        locationAuthorization: CLAuthorizationStatus = .authorizedWhenInUse
    ) {
        clockSeconds = 0
        pending = []
        pendingStart = 0
        timers = []
        sequence = 0
        motionManagers = []
        locationManagers = []
        lastLocation = nil
        uuidCounter = 0
        defaults = [:]
        delivery = lowRateDelivery
        intervals = SensorIntervals()
        authorization = locationAuthorization
    }

    /// Queues `work` on the main queue (first in, first out).
    static func enqueue(_ work: @escaping () -> Void) { pending.append(work) }

    /// Runs `work` when the clock reaches `seconds` (at once, on the next drain, when that is past).
    static func schedule(at seconds: TimeInterval, _ work: @escaping () -> Void) {
        sequence += 1
        timers.append(ScheduledWork(dueSeconds: seconds, order: sequence, work: work))
    }

    /// Runs every queued piece of work, including work queued while draining, then the main actor's jobs
    /// (``mainExecutorDrain``), and again until the queue stays empty.
    public static func drain() {
        repeat {
            while pendingStart < pending.count {
                let work = pending[pendingStart]
                pendingStart += 1
                work()
            }
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
            mainExecutorDrain?()
        } while !pending.isEmpty
    }

    /// Moves the clock to `seconds`, running every timer due by then at its own time (earliest first), each
    /// followed by the queued work; then drains the queue at `seconds`. The clock never goes back.
    ///
    /// - Parameter seconds: stream time.
    public static func advance(to seconds: TimeInterval) {
        drain()
        while let next = dueTimerIndex(by: seconds) {
            let item = timers.remove(at: next)
            clockSeconds = max(clockSeconds, item.dueSeconds)
            item.work()
            drain()
        }
        clockSeconds = max(clockSeconds, seconds)
        drain()
    }

    /// The earliest timer due by `seconds` (1 ns of rounding allowed: a 0.1 s timer's third fire, 3 × 0.1 =
    /// 0.30000000000000004, is due at the 100 Hz sample 30 / 100 = 0.3).
    static func dueTimerIndex(by seconds: TimeInterval) -> Int? {
        var best: Int?
        for (i, t) in timers.enumerated() where t.dueSeconds <= seconds + 1e-9 {
            if let b = best {
                let o = timers[b]
                if t.dueSeconds < o.dueSeconds || (t.dueSeconds == o.dueSeconds && t.order < o.order) { best = i }
            } else {
                best = i
            }
        }
        return best
    }

    /// One sample of the grader's motion stream: the clock moves to `timestamp` (due timers run), every running
    /// `CMMotionManager` whose next update falls due gets it (through its queue, ``LowRateDelivery``), and the
    /// queue is drained.
    ///
    /// - Parameters:
    ///   - timestamp: stream time, seconds.
    ///   - userAcceleration: g, gravity removed.
    ///   - gravity: g, device frame (a phone face up: (0, 0, −1)).
    public static func motionSample(
        timestamp: TimeInterval, userAcceleration: CMAcceleration, gravity: CMAcceleration
    ) {
        advance(to: timestamp)
        motionManagers.removeAll { $0.value == nil }
        for box in motionManagers {
            box.value?.receive(timestamp: timestamp, userAcceleration: userAcceleration, gravity: gravity)
        }
        drain()
    }

    /// One fix of the grader's location stream: the clock moves to its time, every `CLLocationManager` that is
    /// updating (or has a `requestLocation()` pending) gets it through its delegate, the device's cached location
    /// becomes it, and the queue is drained.
    ///
    /// - Parameter location: the fix (its timestamp is stream time).
    public static func locationFix(_ location: CLLocation) {
        advance(to: location.timestamp.timeIntervalSinceReferenceDate)
        lastLocation = location
        locationManagers.removeAll { $0.value == nil }
        for box in locationManagers { box.value?.receive(location) }
        drain()
    }

    /// A tick of the grader's location stream at which the phone has no fix (GPS lost, or the app denied): the
    /// clock moves to `seconds`, and every `CLLocationManager` that is asking hears about it as iOS tells it. An
    /// authorized app's pending `requestLocation()` ends with `locationManager(_:didFailWithError:)` and
    /// `CLError(.locationUnknown)` ("if a location fix cannot be determined in a timely manner"); continuous
    /// updates report `.locationUnknown` once and keep trying (Apple: "reports a `locationUnknown` error and
    /// keeps trying"), so the next fix is delivered as usual. A denied app heard `.denied` when it asked, and
    /// hears nothing more. The cached location stays as it was (nil before the first fix). The queue is drained.
    ///
    /// - Parameter seconds: stream time of the tick.
    public static func locationUnavailable(at seconds: TimeInterval) {
        advance(to: seconds)
        locationManagers.removeAll { $0.value == nil }
        for box in locationManagers { box.value?.receiveNoFix() }
        drain()
    }
}

/// A weak reference: a manager the app let go of stops getting updates, as on iOS.
final class WeakBox<T: AnyObject> {
    weak var value: T?
    init(_ value: T) { self.value = value }
}

/// The update intervals an app's motion managers were started with (s, clamped; 0: not started).
public struct SensorIntervals: Sendable, Equatable {
    /// `accelerometerUpdateInterval` at the last `startAccelerometerUpdates`.
    public var accelerometerSeconds: TimeInterval = 0
    /// `deviceMotionUpdateInterval` at the last `startDeviceMotionUpdates`.
    public var deviceMotionSeconds: TimeInterval = 0
    /// `gyroUpdateInterval` at the last `startGyroUpdates`.
    public var gyroSeconds: TimeInterval = 0

    /// No sensor started.
    public init() {}
}
