// MARK: - Core Motion-shaped motion manager

/// Handles one accelerometer update: the reading or an error (never an error here).
public typealias CMAccelerometerHandler = (CMAccelerometerData?, Error?) -> Void
/// Handles one device-motion update.
public typealias CMDeviceMotionHandler = (CMDeviceMotion?, Error?) -> Void
/// Handles one gyroscope update.
public typealias CMGyroHandler = (CMGyroData?, Error?) -> Void

/// The app's access to the motion sensors, as Core Motion's `CMMotionManager`: push updates to a handler on an
/// `OperationQueue` at the interval the app sets, or pull the latest sample from a property.
///
/// Fed by ``SimulatedDevice/motionSample(timestamp:userAcceleration:gravity:)`` with the grader's stream (100 Hz):
/// each started sensor gets an update at every tick of its own interval (first tick at the first sample after
/// the start, then every interval on that grid, at the first sample at or after the tick), the interval clamped
/// to 0.01–1 s (100 Hz to 1 Hz). At ticks slower than the stream the update is the latest sample or the mean
/// since the last tick (``LowRateDelivery``). The accelerometer reads the user acceleration plus gravity; device
/// motion reads them apart (rotation rate and attitude zero: the grader's shake streams carry no rotation), the
/// gyroscope zero rotation. A manager the app no longer holds gets nothing (the device keeps a weak reference).
open class CMMotionManager: NSObject {
    /// The shortest update interval here, seconds (100 Hz: the grader's stream rate. Apple documents only that
    /// the interval is "capped to minimum and maximum values", the maximum set by the hardware; 100 Hz is the
    /// usual cap of iPhone accelerometers as apps see it).
    public static let minimumUpdateIntervalSeconds: TimeInterval = 0.01
    /// The longest, seconds (1 Hz: a choice; Apple does not document the minimum rate).
    public static let maximumUpdateIntervalSeconds: TimeInterval = 1

    /// Seconds between accelerometer updates to the handler (default 0.01: every sample of the grader's stream).
    public var accelerometerUpdateInterval: TimeInterval = 0.01
    /// Seconds between device-motion updates (default 0.01).
    public var deviceMotionUpdateInterval: TimeInterval = 0.01
    /// Seconds between gyroscope updates (default 0.01).
    public var gyroUpdateInterval: TimeInterval = 0.01

    /// Always true: the simulated phone has an accelerometer.
    public var isAccelerometerAvailable: Bool { true }
    /// Always true.
    public var isDeviceMotionAvailable: Bool { true }
    /// Always true.
    public var isGyroAvailable: Bool { true }
    /// Whether accelerometer updates are running.
    public var isAccelerometerActive: Bool { accelerometer != nil }
    /// Whether device-motion updates are running.
    public var isDeviceMotionActive: Bool { deviceMotionFeed != nil }
    /// Whether gyroscope updates are running.
    public var isGyroActive: Bool { gyro != nil }

    /// The latest accelerometer update (nil before the first).
    public private(set) var accelerometerData: CMAccelerometerData?
    /// The latest device-motion update.
    public private(set) var deviceMotion: CMDeviceMotion?
    /// The latest gyroscope update.
    public private(set) var gyroData: CMGyroData?

    var accelerometer: Feed<CMAccelerometerData>?
    var deviceMotionFeed: Feed<CMDeviceMotion>?
    var gyro: Feed<CMGyroData>?
    var registered = false

    /// A manager with no sensor running.
    public override init() { super.init() }

    /// An interval clamped to 0.01–1 s (a non-positive or NaN interval is the fastest).
    static func clamped(_ seconds: TimeInterval) -> TimeInterval {
        guard seconds > minimumUpdateIntervalSeconds else { return minimumUpdateIntervalSeconds }
        return min(seconds, maximumUpdateIntervalSeconds)
    }

    func register() {
        guard !registered else { return }
        registered = true
        SimulatedDevice.motionManagers.append(WeakBox(self))
    }

    // MARK: Accelerometer

    /// Starts accelerometer updates, each delivered to `handler` on `queue`.
    ///
    /// - Parameters:
    ///   - queue: where the handler runs (any queue runs on the simulated main thread, in order).
    ///   - handler: gets each reading (gravity included, g).
    open func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAccelerometerHandler) {
        accelerometer = Feed(queue: queue, handler: handler)
        SimulatedDevice.intervals.accelerometerSeconds = Self.clamped(accelerometerUpdateInterval)
        register()
    }

    /// Starts accelerometer updates without a handler: read `accelerometerData`.
    open func startAccelerometerUpdates() {
        accelerometer = Feed(queue: nil, handler: nil)
        SimulatedDevice.intervals.accelerometerSeconds = Self.clamped(accelerometerUpdateInterval)
        register()
    }

    /// Stops accelerometer updates (work already queued still runs).
    open func stopAccelerometerUpdates() { accelerometer = nil }

    // MARK: Device motion

    /// Starts device-motion updates, each delivered to `handler` on `queue`.
    ///
    /// - Parameters:
    ///   - queue: where the handler runs.
    ///   - handler: gets each sample (user acceleration and gravity apart, g).
    open func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping CMDeviceMotionHandler) {
        deviceMotionFeed = Feed(queue: queue, handler: handler)
        SimulatedDevice.intervals.deviceMotionSeconds = Self.clamped(deviceMotionUpdateInterval)
        register()
    }

    /// Starts device-motion updates in a reference frame (the frame does not matter here: attitude is zero).
    ///
    /// - Parameters:
    ///   - referenceFrame: ignored.
    ///   - queue: where the handler runs.
    ///   - handler: gets each sample.
    open func startDeviceMotionUpdates(
        using referenceFrame: CMAttitudeReferenceFrame, to queue: OperationQueue,
        withHandler handler: @escaping CMDeviceMotionHandler
    ) {
        startDeviceMotionUpdates(to: queue, withHandler: handler)
    }

    /// Starts device-motion updates without a handler: read `deviceMotion`.
    open func startDeviceMotionUpdates() {
        deviceMotionFeed = Feed(queue: nil, handler: nil)
        SimulatedDevice.intervals.deviceMotionSeconds = Self.clamped(deviceMotionUpdateInterval)
        register()
    }

    /// Stops device-motion updates.
    open func stopDeviceMotionUpdates() { deviceMotionFeed = nil }

    // MARK: Gyroscope

    /// Starts gyroscope updates, each delivered to `handler` on `queue` (zero rotation here).
    ///
    /// - Parameters:
    ///   - queue: where the handler runs.
    ///   - handler: gets each reading (rad/s).
    open func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping CMGyroHandler) {
        gyro = Feed(queue: queue, handler: handler)
        SimulatedDevice.intervals.gyroSeconds = Self.clamped(gyroUpdateInterval)
        register()
    }

    /// Starts gyroscope updates without a handler: read `gyroData`.
    open func startGyroUpdates() {
        gyro = Feed(queue: nil, handler: nil)
        SimulatedDevice.intervals.gyroSeconds = Self.clamped(gyroUpdateInterval)
        register()
    }

    /// Stops gyroscope updates.
    open func stopGyroUpdates() { gyro = nil }

    // MARK: Delivery

    /// One sample of the grader's stream, to every running sensor whose tick is due.
    func receive(timestamp t: TimeInterval, userAcceleration u: CMAcceleration, gravity g: CMAcceleration) {
        if var feed = accelerometer {
            let raw = CMAcceleration(x: u.x + g.x, y: u.y + g.y, z: u.z + g.z)
            if let a = feed.take(t, raw, interval: Self.clamped(accelerometerUpdateInterval)) {
                let data = CMAccelerometerData(acceleration: a, timestamp: t)
                accelerometerData = data
                feed.deliver(data)
            }
            accelerometer = feed
        }
        if var feed = deviceMotionFeed {
            if let a = feed.take(t, u, interval: Self.clamped(deviceMotionUpdateInterval)) {
                let m = CMDeviceMotion(
                    userAcceleration: a, gravity: g, rotationRate: CMRotationRate(),
                    attitude: CMAttitude(roll: 0, pitch: 0, yaw: 0), timestamp: t)
                deviceMotion = m
                feed.deliver(m)
            }
            deviceMotionFeed = feed
        }
        if var feed = gyro {
            if feed.take(t, CMAcceleration(), interval: Self.clamped(gyroUpdateInterval)) != nil {
                let d = CMGyroData(rotationRate: CMRotationRate(), timestamp: t)
                gyroData = d
                feed.deliver(d)
            }
            gyro = feed
        }
    }
}

/// One running sensor of a manager: its handler and queue, its tick grid and the samples since the last tick.
struct Feed<Update> {
    var queue: OperationQueue?
    var handler: ((Update?, Error?) -> Void)?
    /// Time of the grid's first tick and its interval, s (nil before the first sample).
    var gridStart: TimeInterval?
    var gridInterval: TimeInterval = 0
    /// Ticks taken on the current grid, and the time of the last one taken.
    var ticks = 0
    var lastTick: TimeInterval?
    var sum = CMAcceleration()
    var count = 0

    init(queue: OperationQueue?, handler: ((Update?, Error?) -> Void)?) {
        self.queue = queue
        self.handler = handler
    }

    /// The value to deliver at sample time `t` when a tick is due (the latest sample or the mean since the last
    /// tick), or nil. Tick n of a grid is at start + n × interval (start: the first sample after the updates
    /// started); it is taken at the first sample at or after it (1 ns of rounding allowed), and ticks that fell
    /// between two samples are skipped. When the app changes the interval, a new grid starts at the last tick.
    mutating func take(_ t: TimeInterval, _ a: CMAcceleration, interval: TimeInterval) -> CMAcceleration? {
        sum.x += a.x
        sum.y += a.y
        sum.z += a.z
        count += 1
        if gridStart == nil || interval != gridInterval {
            gridStart = lastTick ?? t
            ticks = lastTick == nil ? 0 : 1
            gridInterval = interval
        }
        let tolerance = 1e-9
        guard let start = gridStart, t >= start + Double(ticks) * interval - tolerance else { return nil }
        let value: CMAcceleration
        switch SimulatedDevice.delivery {
        case .latest: value = a
        case .average:
            let n = Double(count)
            value = CMAcceleration(x: sum.x / n, y: sum.y / n, z: sum.z / n)
        }
        sum = CMAcceleration()
        count = 0
        lastTick = t
        repeat { ticks += 1 } while start + Double(ticks) * interval <= t + tolerance
        return value
    }

    /// Hands `update` to the handler on its queue (pull-only feeds just keep the property).
    func deliver(_ update: Update) {
        guard let handler, let queue else { return }
        queue.addOperation { handler(update, nil) }
    }
}
