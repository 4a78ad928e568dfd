// MARK: - The harness's main.swift, generated per team

/// Which of the team's types implements which protocol (from `submission.json`'s `source`).
package struct HarnessTypes: Sendable, Equatable {
    /// A `ShakeDetecting` type with `init()`, or nil; for an app team (``shakeApp``) the app's type, so reports
    /// name it (the harness drives ``shakeApp`` when set).
    package var shakeDetector: String?
    /// A `ScribbleDetecting` type with `init()`, or nil.
    package var scribbleDetector: String?
    /// A `ProximityChecking` type with `init(places: [CLLocationCoordinate2D])`, or nil; for an app team
    /// (``locationApp``) the app's type (the team has its own location code either way).
    package var proximityCheck: String?
    /// A `ShakeApp` type with `init()` (an app object owning its `CMMotionManager`), or nil.
    package var shakeApp: String?
    /// A `LocationApp` type with `init()` (an app object owning its `CLLocationManager`), or nil.
    package var locationApp: String?
    /// The language mode and default isolation the team's files are compiled in.
    package var compile = CompileSettings()
    /// How a motion manager slower than the stream is fed (`"latest"` or `"average"`, ``lowRateDeliveryModels``).
    package var lowRateDelivery: String

    /// The models of `"lowRateDelivery"`, the default first (SensorShims' `LowRateDelivery`).
    package static let lowRateDeliveryModels = ["latest", "average"]

    /// The types.
    package init(
        shakeDetector: String? = nil, scribbleDetector: String? = nil, proximityCheck: String? = nil,
        shakeApp: String? = nil, locationApp: String? = nil, lowRateDelivery: String = "latest"
    ) {
        self.shakeDetector = shakeDetector
        self.scribbleDetector = scribbleDetector
        self.proximityCheck = proximityCheck
        self.shakeApp = shakeApp
        self.locationApp = locationApp
        self.lowRateDelivery = Self.lowRateDeliveryModels.contains(lowRateDelivery) ? lowRateDelivery : "latest"
    }

    /// Whether the team's shake or location code is an app object driven through the simulated phone.
    package var drivesApps: Bool { shakeApp != nil || locationApp != nil }

    /// Whether `name` is a Swift type name the generated file may spell: identifiers (letters, digits, `_`, not
    /// starting with a digit) joined by dots, at most 200 characters. Anything else could inject code.
    package static func isTypeName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 200 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.unicodeScalars.first, !part.isEmpty else { return false }
            func letter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
            return letter(first) && part.unicodeScalars.allSatisfy { letter($0) || ($0 >= "0" && $0 <= "9") }
        }
    }
}

extension HarnessWire {
    /// The harness's `main.swift` for a team: reads requests (``HarnessWire``) on standard input, makes a fresh
    /// value of the team's type per stream, drives it through the protocol, writes the answer on standard output.
    ///
    /// Standard library and Glibc only (in a harness build `import Foundation` would be the shims). Every name it
    /// declares is inside `SensorBenchHarness_`, so a team's own top-level names cannot clash. A stream of a kind
    /// the team has no type for ends the harness with status 3 (the grader never sends one).
    ///
    /// The team's standard output (`print`) never reaches the answer: before anything runs, the answer gets a
    /// duplicate of descriptor 1 and descriptor 1 is pointed at an unlinked temporary file, the team's log; every
    /// 1024 samples and after each stream the log is read (lines counted, the first 16 KiB kept) and emptied, and
    /// the answer's print record carries the count and the text. An app type (`shakeApp`, `locationApp`) runs on
    /// the simulated phone (``SimulatedDevice``, reset before each stream), at its own update interval.
    ///
    /// - Parameter types: the team's types (already checked with ``HarnessTypes/isTypeName(_:)``).
    /// - Returns: the file's text.
    package static func harnessMain(_ types: HarnessTypes) -> String {
        let shake =
            types.shakeApp.map { "SensorBenchHarness_.runShakeApp(&input, &output, &log) { \($0)() }" }
            ?? types.shakeDetector.map { "SensorBenchHarness_.runAcceleration(&input, &output, &log) { \($0)() }" }
            ?? "SensorBenchHarness_.unsupported(\"acceleration\")"
        let scribble =
            types.scribbleDetector.map { "SensorBenchHarness_.runTouch(&input, &output, &log) { \($0)() }" }
            ?? "SensorBenchHarness_.unsupported(\"touch\")"
        let proximity =
            types.locationApp.map { "SensorBenchHarness_.runLocationApp(&input, &output, &log) { \($0)() }" }
            ?? types.proximityCheck.map { "SensorBenchHarness_.runLocation(&input, &output, &log) { \($0)(places: $0) }" }
            ?? "SensorBenchHarness_.unsupported(\"location\")"
        let conditioned =
            types.locationApp.map {
                "SensorBenchHarness_.runLocationApp(&input, &output, &log, conditioned: true) { \($0)() }"
            }
            ?? types.proximityCheck.map {
                "SensorBenchHarness_.runLocation(&input, &output, &log, conditioned: true) { \($0)(places: $0) }"
            }
            ?? "SensorBenchHarness_.unsupported(\"location\")"
        let delivery = types.lowRateDelivery
        return """
            // Generated by sensorbench grade (harness wire format v\(version)); do not edit.
            import DetectionCore
            import Glibc
            import SensorShims

            @MainActor
            enum SensorBenchHarness_ {
                /// Standard input, read in 1 MiB chunks.
                struct Input {
                    var buffer = [UInt8](repeating: 0, count: 1 << 20)
                    var start = 0
                    var end = 0

                    mutating func byte() -> UInt8 {
                        if start == end {
                            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                            if n <= 0 { SensorBenchHarness_.fail("the request ended early") }
                            start = 0
                            end = n
                        }
                        start += 1
                        return buffer[start - 1]
                    }

                    mutating func u32() -> UInt32 {
                        var v: UInt32 = 0
                        for i in 0..<4 { v |= UInt32(byte()) << UInt32(8 * i) }
                        return v
                    }

                    mutating func f64() -> Double {
                        var v: UInt64 = 0
                        for i in 0..<8 { v |= UInt64(byte()) << UInt64(8 * i) }
                        return Double(bitPattern: v)
                    }

                    mutating func f32() -> Float { Float(bitPattern: u32()) }
                }

                /// Standard output, written in 64 KiB pieces.
                struct Output {
                    var fd: Int32 = 1
                    var bytes: [UInt8] = []

                    mutating func u8(_ v: UInt8) { bytes.append(v) }

                    mutating func u32(_ v: UInt32) {
                        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(8 * i))) }
                    }

                    mutating func flush(force: Bool = false) {
                        guard force || bytes.count >= 1 << 16 else { return }
                        var done = 0
                        while done < bytes.count {
                            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
                            if n <= 0 { exit(4) }
                            done += n
                        }
                        bytes.removeAll(keepingCapacity: true)
                    }
                }

                nonisolated static func fail(_ message: String) -> Never {
                    var text = Array(("harness: " + message + "\\n").utf8)
                    _ = text.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
                    exit(3)
                }

                nonisolated static func unsupported(_ kind: String) -> Never {
                    fail("a \\(kind) stream, but the submission names no type for it")
                }

                /// The team's standard output: an unlinked temporary file behind descriptor 1, read and emptied
                /// now and then (lines counted, the first 16 KiB kept).
                struct TeamLog {
                    var fd: Int32 = -1
                    var lines: UInt32 = 0
                    var partial = false
                    var kept: [UInt8] = []
                    var buffer = [UInt8](repeating: 0, count: 1 << 16)

                    /// Points descriptor 1 at the log; returns the answer's descriptor.
                    mutating func open() -> Int32 {
                        let answer = dup(1)
                        if answer < 0 { exit(4) }
                        if let file = tmpfile() {
                            fd = dup(fileno(file))
                            if fd >= 0 && dup2(fd, 1) < 0 { fd = -1 }
                        }
                        if fd < 0 { SensorBenchHarness_.fail("no temporary file for the team's output") }
                        return answer
                    }

                    mutating func collect() {
                        let fd = self.fd
                        guard fd >= 0 else { return }
                        fflush(nil)
                        let size = lseek(fd, 0, SEEK_END)
                        guard size > 0 else { return }
                        var offset: off_t = 0
                        while offset < size {
                            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
                            if n <= 0 { break }
                            for k in 0..<n where buffer[k] == 10 { lines &+= 1 }
                            partial = buffer[n - 1] != 10
                            if kept.count < 16384 { kept += buffer[0..<min(n, 16384 - kept.count)] }
                            offset += off_t(n)
                        }
                        _ = ftruncate(fd, 0)
                        _ = lseek(fd, 0, SEEK_SET)
                    }

                    mutating func finish() -> UInt32 {
                        collect()
                        return lines &+ (partial ? 1 : 0)
                    }
                }

                /// Swift concurrency on the simulated thread: the runtime's global-enqueue hook queues every
                /// job that would go to the thread pool (a nonisolated `Task { }`, `Task.detached`, a hop to a
                /// nonisolated `async` function) on the simulated main queue, and the device's drain runs the
                /// main actor's jobs (`Task { @MainActor in … }`) through the runtime's main-queue drain; so
                /// every task runs on this thread, in a fixed order, and `Task.sleep` (the shims') on the stream
                /// clock.
                nonisolated static func installConcurrency() {
                    typealias Enqueue = @convention(thin) (UnownedJob) -> Void
                    typealias Hook = @convention(thin) (UnownedJob, Enqueue) -> Void
                    guard let runtime = dlopen(nil, RTLD_NOW) else { fail("no dynamic linker handle") }
                    guard let hook = dlsym(runtime, "swift_task_enqueueGlobal_hook"),
                        let mainDrain = dlsym(runtime, "_dispatch_main_queue_callback_4CF")
                    else { fail("the Swift concurrency runtime has no enqueue hook or main-queue drain") }
                    hook.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in SimulatedDevice.enqueue(job: job) }
                    let drain = unsafeBitCast(mainDrain, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
                    SimulatedDevice.mainExecutorDrain = { drain(nil) }
                }

                /// The update intervals the team's managers were last started with (0: never).
                static var intervals = SensorIntervals()

                static func noteIntervals() {
                    let now = SimulatedDevice.startedIntervals
                    if now.accelerometerSeconds > 0 { intervals.accelerometerSeconds = now.accelerometerSeconds }
                    if now.deviceMotionSeconds > 0 { intervals.deviceMotionSeconds = now.deviceMotionSeconds }
                    if now.gyroSeconds > 0 { intervals.gyroSeconds = now.gyroSeconds }
                }

                static func runShakeApp<A: ShakeApp>(
                    _ input: inout Input, _ output: inout Output, _ log: inout TeamLog, _ make: () -> A
                ) {
                    let n = Int(input.u32())
                    let gravity = CMAcceleration(x: input.f64(), y: input.f64(), z: input.f64())
                    SimulatedDevice.reset(lowRateDelivery: .\(delivery))
                    var fired: [UInt32] = []
                    do {
                        let app = make()
                        app.sensorBenchStart()
                        var count = app.sensorBenchShakeCount
                        for k in 0..<n {
                            let t = input.f64()
                            let x = Double(input.f32()), y = Double(input.f32()), z = Double(input.f32())
                            SimulatedDevice.motionSample(
                                timestamp: t, userAcceleration: CMAcceleration(x: x, y: y, z: z), gravity: gravity)
                            let now = app.sensorBenchShakeCount
                            if now > count { fired.append(UInt32(k)) }
                            count = now
                            if k & 1023 == 1023 { log.collect() }
                        }
                    }
                    let started = SimulatedDevice.startedIntervals
                    noteIntervals()
                    SimulatedDevice.reset()
                    log.collect()
                    output.u8(0x11)
                    output.u8(started.accelerometerSeconds > 0 ? 1 : started.deviceMotionSeconds > 0 ? 0 : 2)
                    output.u32(UInt32(fired.count))
                    for k in fired { output.u32(k) }
                }

                /// The request's places: a count, then latitude and longitude of each.
                static func readPlaces(_ input: inout Input) -> [CLLocationCoordinate2D] {
                    let p = Int(input.u32())
                    var places: [CLLocationCoordinate2D] = []
                    for _ in 0..<p {
                        let latitude = input.f64(), longitude = input.f64()
                        places.append(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
                    }
                    return places
                }

                /// A location stream: plain (0x30, every record a fix) or under conditions (0x34: the app's
                /// authorization first, then records that are a fix or a tick without one).
                static func runLocationApp<A: LocationApp>(
                    _ input: inout Input, _ output: inout Output, _ log: inout TeamLog, conditioned: Bool = false,
                    _ make: () -> A
                ) {
                    let denied = conditioned && input.byte() == 2
                    let places = readPlaces(&input)
                    let p = places.count
                    let n = Int(input.u32())
                    SimulatedDevice.reset(
                        lowRateDelivery: .\(delivery), locationAuthorization: denied ? .denied : .authorizedWhenInUse)
                    var events: [(UInt32, UInt32, UInt8)] = []
                    do {
                        let app = make()
                        app.sensorBenchStart()
                        var inside = [Bool](repeating: false, count: p)
                        for k in 0..<n {
                            if conditioned && input.byte() == 0 {
                                SimulatedDevice.locationUnavailable(at: input.f64())
                            } else {
                                let t = input.f64(), latitude = input.f64(), longitude = input.f64(), accuracy = input.f64()
                                SimulatedDevice.locationFix(
                                    CLLocation(
                                        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                                        horizontalAccuracy: accuracy, verticalAccuracy: -1,
                                        timestamp: Date(timeIntervalSinceReferenceDate: t)))
                            }
                            for j in 0..<p {
                                let now = app.sensorBenchMayCollect(places[j])
                                if now != inside[j] {
                                    inside[j] = now
                                    events.append((UInt32(k), UInt32(j), now ? 1 : 0))
                                }
                            }
                        }
                    }
                    SimulatedDevice.reset()
                    log.collect()
                    output.u8(conditioned ? 0x35 : 0x31)
                    output.u32(UInt32(events.count))
                    for e in events {
                        output.u32(e.0)
                        output.u32(e.1)
                        output.u8(e.2)
                    }
                }

                static func runAcceleration<D: ShakeDetecting>(
                    _ input: inout Input, _ output: inout Output, _ log: inout TeamLog, _ make: () -> D
                ) {
                    let n = Int(input.u32())
                    let gx = input.f64(), gy = input.f64(), gz = input.f64()
                    SimulatedDevice.reset(lowRateDelivery: .\(delivery))
                    var detector = make()
                    let raw = detector.accelerationInput == .rawAccelerometer
                    var fired: [UInt32] = []
                    for k in 0..<n {
                        let t = input.f64()
                        var x = Double(input.f32()), y = Double(input.f32()), z = Double(input.f32())
                        if raw {
                            x += gx
                            y += gy
                            z += gz
                        }
                        SimulatedDevice.advance(to: t)
                        if detector.consume(AccelerationSample(timestampSeconds: t, x: x, y: y, z: z)) {
                            fired.append(UInt32(k))
                        }
                        if k & 1023 == 1023 { log.collect() }
                    }
                    log.collect()
                    output.u8(0x11)
                    output.u8(raw ? 1 : 0)
                    output.u32(UInt32(fired.count))
                    for k in fired { output.u32(k) }
                }

                static func runTouch<D: ScribbleDetecting>(
                    _ input: inout Input, _ output: inout Output, _ log: inout TeamLog, _ make: () -> D
                ) {
                    let records = Int(input.u32())
                    SimulatedDevice.reset(lowRateDelivery: .\(delivery))
                    var detector = make()
                    var fired: [UInt32] = []
                    var point = 0
                    for r in 0..<records {
                        if r & 1023 == 1023 { log.collect() }
                        switch input.byte() {
                        case 0x01:
                            let t = input.f64(), x = input.f64(), y = input.f64()
                            SimulatedDevice.advance(to: t)
                            if detector.consume(TouchPoint(x: x, y: y, timestampSeconds: t)) { fired.append(UInt32(point)) }
                            point += 1
                        case 0x02: detector.touchEnded()
                        default: fail("a touch record is neither a point nor a touch end")
                        }
                    }
                    log.collect()
                    output.u8(0x21)
                    output.u32(UInt32(fired.count))
                    for k in fired { output.u32(k) }
                }

                /// A location stream for a protocol check: a tick without a fix (0x34) is no fix at all, as for
                /// a JSON team (the check's answer cannot change without one).
                static func runLocation<C: ProximityChecking>(
                    _ input: inout Input, _ output: inout Output, _ log: inout TeamLog, conditioned: Bool = false,
                    _ make: ([CLLocationCoordinate2D]) -> C
                ) {
                    if conditioned { _ = input.byte() }
                    let places = readPlaces(&input)
                    let p = places.count
                    let n = Int(input.u32())
                    SimulatedDevice.reset(lowRateDelivery: .\(delivery))
                    var check = make(places)
                    var inside = [Bool](repeating: false, count: p)
                    var events: [(UInt32, UInt32, UInt8)] = []
                    for k in 0..<n {
                        if conditioned && input.byte() == 0 {
                            SimulatedDevice.advance(to: input.f64())
                            continue
                        }
                        let t = input.f64(), latitude = input.f64(), longitude = input.f64(), accuracy = input.f64()
                        guard let coordinate = Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude) else {
                            fail("a fix is not a position")
                        }
                        SimulatedDevice.advance(to: t)
                        _ = check.consume(
                            LocationFix(coordinate: coordinate, horizontalAccuracyMeters: accuracy, timestampSeconds: t))
                        for j in 0..<p {
                            let now = check.isInside(placeIndex: j)
                            if now != inside[j] {
                                inside[j] = now
                                events.append((UInt32(k), UInt32(j), now ? 1 : 0))
                            }
                        }
                    }
                    log.collect()
                    output.u8(conditioned ? 0x35 : 0x31)
                    output.u32(UInt32(events.count))
                    for e in events {
                        output.u32(e.0)
                        output.u32(e.1)
                        output.u8(e.2)
                    }
                }

                static func main() {
                    var input = Input()
                    var output = Output()
                    var log = TeamLog()
                    output.fd = log.open()
                    installConcurrency()
                    let magic = [input.byte(), input.byte(), input.byte(), input.byte()]
                    guard magic == Array("SBHQ".utf8), input.u32() == \(version) else { fail("not a v\(version) request") }
                    output.bytes = Array("SBHA".utf8)
                    output.u32(\(version))
                    var streams: UInt32 = 0
                    while true {
                        switch input.byte() {
                        case 0x10: \(shake)
                        case 0x20: \(scribble)
                        case 0x30: \(proximity)
                        case 0x34: \(conditioned)
                        case 0xFF:
                            let lines = log.finish()
                            output.u8(0x40)
                            output.u32(lines)
                            output.u32(UInt32(log.kept.count))
                            output.bytes += log.kept
                            for seconds in [intervals.accelerometerSeconds, intervals.deviceMotionSeconds, intervals.gyroSeconds] {
                                let bits = seconds.bitPattern
                                for i in 0..<8 { output.u8(UInt8(truncatingIfNeeded: bits >> UInt64(8 * i))) }
                            }
                            output.u8(0xFF)
                            output.u32(streams)
                            output.flush(force: true)
                            exit(0)
                        default: fail("unknown stream tag")
                        }
                        streams += 1
                        // Out at once: the grader sends the next stream only after this answer.
                        output.flush(force: true)
                    }
                }
            }

            MainActor.assumeIsolated { SensorBenchHarness_.main() }

            """
    }
}
