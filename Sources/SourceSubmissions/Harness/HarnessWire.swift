// MARK: - The harness's wire format

/// The bytes the grader and a team's harness exchange over its standard input and output (version 2).
///
/// Little-endian throughout; `f64`/`f32` are IEEE 754 binary64/binary32, `u32` unsigned 32-bit, `u8` a byte.
///
/// Request (grader → harness, standard input):
/// - header: the 4 bytes `SBHQ`, `u32` version (2);
/// - streams, each starting with its tag (the "new stream" marker: the harness makes a fresh detector or check):
///   - `0x10` acceleration: `u32` n, `f64` gravity x, y, z (g); n × (`f64` t (s), `f32` x, y, z (g, user
///     acceleration: gravity removed)). A detector reading `.rawAccelerometer` is fed (x + gx, y + gy, z + gz).
///   - `0x20` touch: `u32` n records, each `0x01` point (`f64` t (s), `f64` x, y (pt)) or `0x02` touch ended.
///   - `0x30` location: `u32` p, p × (`f64` latitude, longitude (°)); `u32` n, n × (`f64` t (s), `f64`
///     latitude, longitude (°), `f64` horizontal accuracy (m)).
///   - `0x34` location under conditions (a suite with `locationAuthorization` or `locationFailsSeconds`): `u8`
///     the app's authorization (Apple's `CLAuthorizationStatus` raw value: 4 when in use, 2 denied); `u32` p, p ×
///     (`f64` latitude, longitude (°)); `u32` n records, each `0x01` a fix (`f64` t (s), latitude, longitude (°),
///     horizontal accuracy (m)) or `0x00` a tick without a fix (`f64` t (s)).
/// - end: `0xFF`.
///
/// Answer (harness → grader, standard output):
/// - header: `SBHA`, `u32` version (2);
/// - per stream, in request order: its tag + 1 (`0x11`, `0x21`, `0x31`), then
///   - `0x11`: `u8` input fed (0 user acceleration, 1 raw, 2 none: an app that started no motion updates),
///     `u32` k, k × `u32` sample index where it fired;
///   - `0x21`: `u32` k, k × `u32` touch-point index (points counted without the touch-ended records);
///   - `0x31`: `u32` k, k × (`u32` fix index, `u32` place index, `u8` 1 enter (now in range) or 0 exit), after
///     each fix for every place whose `isInside(placeIndex:)` changed, in fix then place order;
///   - `0x35`: as `0x31`, the index counting every record (fixes and ticks without one);
/// - the team's output: `0x40`, `u32` lines the team's code printed (its standard output, kept out of the
///   answer), `u32` m, m bytes (the log's first bytes, m ≤ 16 384), then 3 × `f64` the update intervals (s) the
///   team's app last started its accelerometer, device-motion and gyroscope updates with (0: never);
/// - end: `0xFF`, `u32` number of streams.
///
/// Version 2 added the output record and input 2 (version 1 had neither). The `0x34` stream came later within
/// version 2: a request without one is byte for byte what it was, and only a suite with location conditions sends
/// it.
///
/// **Delivery.** The grader writes the request one stream at a time (``HarnessRequest/pacing``): the header and
/// stream 0 first, then stream k + 1 only once the answer to stream k is complete on standard output (the
/// harness writes each stream's answer as soon as the stream ends), and the end marker after the last answer. So
/// neither the harness nor the team's code in it can read a stream before it has answered every earlier one: a
/// `read` of standard input past the current stream waits for an answer that the reader itself holds back.
package enum HarnessWire {
    /// The format's version, in both headers.
    package static let version: UInt32 = 2
    /// The most bytes of the team's log an answer carries.
    package static let logBytes = 16_384
    static let logTag: UInt8 = 0x40
    static let requestMagic: [UInt8] = Array("SBHQ".utf8)
    static let answerMagic: [UInt8] = Array("SBHA".utf8)
    static let accelerationTag: UInt8 = 0x10
    static let touchTag: UInt8 = 0x20
    static let locationTag: UInt8 = 0x30
    static let conditionedLocationTag: UInt8 = 0x34
    static let endTag: UInt8 = 0xFF
}

// MARK: - Request

/// A request being written: the header, then one stream after another, then `finish()`.
package struct HarnessRequest: Sendable {
    /// The bytes so far.
    package private(set) var bytes: [UInt8]
    /// The shape of every stream written, in order (what the answer is checked against).
    package private(set) var streams: [HarnessStreamShape] = []
    /// Where each stream starts in ``bytes`` (its tag), in order.
    package private(set) var streamStarts: [Int] = []
    /// Where the end marker starts (nil before ``finish()``).
    package private(set) var endStart: Int?

    /// The pieces the grader feeds one at a time: the header with stream 0, each later stream, the end marker;
    /// piece k + 1 goes out once the answer holds stream k's (``HarnessWire/answeredStreams``).
    package var pacing: InputPacing {
        // With no stream the header and the end marker are one piece: nothing is answered before the end.
        let starts = streamStarts.isEmpty ? [] : Array(streamStarts.dropFirst()) + (endStart.map { [$0] } ?? [])
        let scanner = AnswerScanner(streams: streams)
        return InputPacing(pieceStarts: starts) { output in scanner.answered(output) }
    }

    /// An empty request (header only).
    package init() {
        bytes = HarnessWire.requestMagic
        bytes.append(u32: HarnessWire.version)
    }

    /// Adds an acceleration stream of user-acceleration samples and the gravity a raw reader gets added.
    ///
    /// - Parameters:
    ///   - count: the number of samples.
    ///   - gravity: gravity in g, device frame (a phone face up: (0, 0, −1)).
    ///   - sample: sample k: time (s) and user acceleration (g).
    package mutating func addAcceleration(
        count: Int, gravity: (x: Double, y: Double, z: Double),
        sample: (Int) -> (t: Double, x: Float, y: Float, z: Float)
    ) {
        streamStarts.append(bytes.count)
        bytes.append(HarnessWire.accelerationTag)
        bytes.append(u32: UInt32(count))
        bytes.append(f64: gravity.x)
        bytes.append(f64: gravity.y)
        bytes.append(f64: gravity.z)
        bytes.reserveCapacity(bytes.count + count * 20)
        for k in 0..<count {
            let s = sample(k)
            bytes.append(f64: s.t)
            bytes.append(f32: s.x)
            bytes.append(f32: s.y)
            bytes.append(f32: s.z)
        }
        streams.append(.acceleration(samples: count))
    }

    /// Adds a touch stream: gestures of points, each gesture followed by a touch-ended record.
    ///
    /// - Parameter gestures: per gesture its points (t in s, x and y in points).
    package mutating func addTouch(_ gestures: [[(t: Double, x: Double, y: Double)]]) {
        streamStarts.append(bytes.count)
        bytes.append(HarnessWire.touchTag)
        let records = gestures.reduce(0) { $0 + $1.count + 1 }
        bytes.append(u32: UInt32(records))
        var points = 0
        for g in gestures {
            for p in g {
                bytes.append(0x01)
                bytes.append(f64: p.t)
                bytes.append(f64: p.x)
                bytes.append(f64: p.y)
            }
            points += g.count
            bytes.append(0x02)
        }
        streams.append(.touch(points: points))
    }

    /// Adds a location stream: the watched places, then the fixes.
    ///
    /// - Parameters:
    ///   - places: latitude and longitude of each place, degrees.
    ///   - fixes: time (s), latitude, longitude (°), horizontal accuracy (m) of each fix.
    package mutating func addLocation(
        places: [(latitude: Double, longitude: Double)],
        fixes: [(t: Double, latitude: Double, longitude: Double, accuracy: Double)]
    ) {
        streamStarts.append(bytes.count)
        bytes.append(HarnessWire.locationTag)
        bytes.append(u32: UInt32(places.count))
        for p in places {
            bytes.append(f64: p.latitude)
            bytes.append(f64: p.longitude)
        }
        bytes.append(u32: UInt32(fixes.count))
        for f in fixes {
            bytes.append(f64: f.t)
            bytes.append(f64: f.latitude)
            bytes.append(f64: f.longitude)
            bytes.append(f64: f.accuracy)
        }
        streams.append(.location(places: places.count, fixes: fixes.count))
    }

    /// Adds a location stream under conditions: the app's authorization, the watched places, then per tick of the
    /// visit's fix stream a fix or none (GPS lost, or the app denied).
    ///
    /// - Parameters:
    ///   - denied: whether the app's location authorization is denied (else "When In Use").
    ///   - places: latitude and longitude of each place, degrees.
    ///   - records: per tick its time (s) and the fix, nil for a tick without one.
    package mutating func addConditionedLocation(
        denied: Bool, places: [(latitude: Double, longitude: Double)],
        records: [(t: Double, fix: (latitude: Double, longitude: Double, accuracy: Double)?)]
    ) {
        streamStarts.append(bytes.count)
        bytes.append(HarnessWire.conditionedLocationTag)
        bytes.append(denied ? 2 : 4)
        bytes.append(u32: UInt32(places.count))
        for p in places {
            bytes.append(f64: p.latitude)
            bytes.append(f64: p.longitude)
        }
        bytes.append(u32: UInt32(records.count))
        for r in records {
            bytes.append(r.fix == nil ? 0x00 : 0x01)
            bytes.append(f64: r.t)
            if let f = r.fix {
                bytes.append(f64: f.latitude)
                bytes.append(f64: f.longitude)
                bytes.append(f64: f.accuracy)
            }
        }
        streams.append(.conditionedLocation(places: places.count, records: records.count))
    }

    /// Appends the end marker.
    package mutating func finish() {
        endStart = bytes.count
        bytes.append(HarnessWire.endTag)
    }
}

/// What one request stream held, as the answer must match it.
package enum HarnessStreamShape: Sendable, Equatable {
    case acceleration(samples: Int)
    case touch(points: Int)
    case location(places: Int, fixes: Int)
    /// A `0x34` stream: its records are fixes and ticks without one.
    case conditionedLocation(places: Int, records: Int)
}

// MARK: - Answer

/// The harness's answer to one stream.
package enum HarnessStreamAnswer: Sendable, Equatable {
    /// The sample indices where the shake detector fired (ascending) and whether it was fed raw readings (nil:
    /// an app that started no motion updates).
    case acceleration(raw: Bool?, firedAt: [Int])
    /// The touch-point indices where the scribble detector fired (ascending).
    case touch(firedAt: [Int])
    /// In-range changes: fix index, place index, true for enter (ascending by fix, then place).
    case location([(fix: Int, place: Int, enter: Bool)])

    package static func == (a: HarnessStreamAnswer, b: HarnessStreamAnswer) -> Bool {
        switch (a, b) {
        case (.acceleration(let r1, let f1), .acceleration(let r2, let f2)): return r1 == r2 && f1 == f2
        case (.touch(let f1), .touch(let f2)): return f1 == f2
        case (.location(let e1), .location(let e2)):
            return e1.count == e2.count && zip(e1, e2).allSatisfy { $0 == $1 }
        default: return false
        }
    }
}

/// What the team's code wrote on its standard output and the update intervals its app started (the answer's
/// output record).
package struct HarnessTeamOutput: Sendable, Equatable {
    /// Lines printed (a last line without a newline counts).
    package var printedLines: Int = 0
    /// The log's first bytes (at most ``HarnessWire/logBytes``).
    package var printed: [UInt8] = []
    /// `accelerometerUpdateInterval`, `deviceMotionUpdateInterval`, `gyroUpdateInterval` at the last start, s,
    /// clamped as delivered (0: never started).
    package var accelerometerSeconds: Double = 0
    package var deviceMotionSeconds: Double = 0
    package var gyroSeconds: Double = 0

    package init() {}
}

/// A decoded answer: one per request stream, and the team's output.
package struct HarnessAnswer: Sendable, Equatable {
    /// Per stream, in request order.
    package var streams: [HarnessStreamAnswer]
    /// The output record.
    package var output: HarnessTeamOutput
}

/// A harness answer that does not follow the wire format: the team's outcome "protocol error".
package struct HarnessProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset in the answer where the problem was found.
    package var offset: Int
    /// What is wrong.
    package var problem: String

    package var description: String { "harness answer, byte \(offset): \(problem)" }
}

extension HarnessWire {
    /// Decodes an answer strictly against the request's streams: the header, one answer per stream of the right
    /// kind, indices in range and strictly ascending, enter and exit alternating per place (starting outside),
    /// the end marker with the stream count, and nothing after it.
    ///
    /// - Parameters:
    ///   - bytes: the harness's standard output.
    ///   - streams: the request's stream shapes.
    /// - Returns: one answer per stream, and the team's output record.
    /// - Throws: ``HarnessProtocolError`` naming the byte offset and the problem.
    package static func decodeAnswer(
        _ bytes: [UInt8], streams: [HarnessStreamShape]
    ) throws(HarnessProtocolError) -> HarnessAnswer {
        var r = ByteReader(bytes: bytes)
        guard try r.bytes(4, "the header") == answerMagic else {
            throw HarnessProtocolError(offset: 0, problem: "does not start with SBHA (not a harness answer)")
        }
        let v = try r.u32("the version")
        guard v == version else { throw r.error("version \(v), expected \(version)") }
        var answers: [HarnessStreamAnswer] = []
        answers.reserveCapacity(streams.count)
        for (i, shape) in streams.enumerated() {
            let tag = try r.u8("the answer to stream \(i)")
            switch shape {
            case .acceleration(let n):
                guard tag == accelerationTag + 1 else { throw r.error("stream \(i) is acceleration, answer tag \(tag)") }
                let input = try r.u8("the input of stream \(i)")
                guard input <= 2 else { throw r.error("input \(input) of stream \(i) is not 0, 1 or 2") }
                answers.append(
                    .acceleration(raw: input == 2 ? nil : input == 1, firedAt: try r.ascendingIndices(below: n, stream: i)))
            case .touch(let n):
                guard tag == touchTag + 1 else { throw r.error("stream \(i) is touch, answer tag \(tag)") }
                answers.append(.touch(firedAt: try r.ascendingIndices(below: n, stream: i)))
            case .location(let places, let fixes), .conditionedLocation(let places, let fixes):
                let expected = shape == .location(places: places, fixes: fixes) ? locationTag : conditionedLocationTag
                guard tag == expected + 1 else { throw r.error("stream \(i) is location, answer tag \(tag)") }
                let k = try r.count("the event count of stream \(i)", atMost: fixes * places)
                var events: [(fix: Int, place: Int, enter: Bool)] = []
                var inside = Array(repeating: false, count: places)
                var last = (fix: -1, place: -1)
                for _ in 0..<k {
                    let fix = Int(try r.u32("a fix index"))
                    let place = Int(try r.u32("a place index"))
                    let kind = try r.u8("an event kind")
                    guard fix < fixes else { throw r.error("fix index \(fix) of stream \(i) is not below \(fixes)") }
                    guard place < places else { throw r.error("place index \(place) of stream \(i) is not below \(places)") }
                    guard kind <= 1 else { throw r.error("event kind \(kind) of stream \(i) is neither 0 nor 1") }
                    guard (fix, place) > last else { throw r.error("events of stream \(i) out of order at fix \(fix)") }
                    guard inside[place] != (kind == 1) else {
                        throw r.error("stream \(i): place \(place) \(kind == 1 ? "entered" : "left") twice in a row")
                    }
                    inside[place] = kind == 1
                    last = (fix, place)
                    events.append((fix, place, kind == 1))
                }
                answers.append(.location(events))
            }
        }
        guard try r.u8("the output record") == logTag else { throw r.error("expected the output record 0x40") }
        var output = HarnessTeamOutput()
        output.printedLines = Int(try r.u32("the printed line count"))
        let m = try r.count("the log's length", atMost: logBytes)
        output.printed = try r.bytes(m, "the log")
        var seconds: [Double] = []
        for what in ["accelerometer", "device-motion", "gyroscope"] {
            let v = try r.f64("the \(what) interval")
            guard v == 0 || (v >= 0.01 - 1e-12 && v <= 1) else {
                throw r.error("the \(what) interval \(v) s is neither 0 nor within 0.01–1 s")
            }
            seconds.append(v)
        }
        output.accelerometerSeconds = seconds[0]
        output.deviceMotionSeconds = seconds[1]
        output.gyroSeconds = seconds[2]
        guard try r.u8("the end marker") == endTag else { throw r.error("expected the end marker 0xFF") }
        let count = try r.u32("the stream count")
        guard count == streams.count else { throw r.error("the end says \(count) streams, the request had \(streams.count)") }
        guard r.offset == bytes.count else { throw r.error("\(bytes.count - r.offset) bytes after the end") }
        return HarnessAnswer(streams: answers, output: output)
    }
}

// MARK: - Answered so far

/// Counts the stream answers complete in an answer's first bytes, remembering where it stopped (each call gets the
/// whole output so far, which only grows). Used under one run's lock, so by one thread at a time.
final class AnswerScanner: @unchecked Sendable {
    let streams: [HarnessStreamShape]
    private var offset = 8
    private var complete = 0

    init(streams: [HarnessStreamShape]) { self.streams = streams }

    /// The number of streams whose answer is whole in `output` (a malformed answer stops the count where it
    /// starts: the grader then feeds nothing more and the decode names the problem).
    func answered(_ output: [UInt8]) -> Int {
        func u32(at i: Int) -> Int {
            var v = 0
            for b in 0..<4 { v |= Int(output[i + b]) << (8 * b) }
            return v
        }
        while complete < streams.count {
            var at = offset
            guard output.count > at else { break }
            let tag = output[at]
            at += 1
            let recordBytes: Int
            switch streams[complete] {
            case .acceleration:
                guard tag == HarnessWire.accelerationTag + 1 else { return complete }
                at += 1
                recordBytes = 4
            case .touch:
                guard tag == HarnessWire.touchTag + 1 else { return complete }
                recordBytes = 4
            case .location:
                guard tag == HarnessWire.locationTag + 1 else { return complete }
                recordBytes = 9
            case .conditionedLocation:
                guard tag == HarnessWire.conditionedLocationTag + 1 else { return complete }
                recordBytes = 9
            }
            guard output.count >= at + 4 else { break }
            let k = u32(at: at)
            at += 4
            guard output.count >= at + k * recordBytes else { break }
            offset = at + k * recordBytes
            complete += 1
        }
        return complete
    }
}

// MARK: - Bytes

extension [UInt8] {
    mutating func append(u32 v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    mutating func append(u64 v: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    mutating func append(f64 v: Double) { append(u64: v.bitPattern) }
    mutating func append(f32 v: Float) { append(u32: v.bitPattern) }
}

/// Reads an answer front to back; every read names what it expected when the bytes run out.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    func error(_ problem: String) -> HarnessProtocolError { HarnessProtocolError(offset: offset, problem: problem) }

    mutating func bytes(_ n: Int, _ what: String) throws(HarnessProtocolError) -> [UInt8] {
        guard bytes.count - offset >= n else { throw error("the answer ends before \(what)") }
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }

    mutating func u8(_ what: String) throws(HarnessProtocolError) -> UInt8 {
        guard offset < bytes.count else { throw error("the answer ends before \(what)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u32(_ what: String) throws(HarnessProtocolError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw error("the answer ends before \(what)") }
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[offset + i]) << UInt32(8 * i) }
        offset += 4
        return v
    }

    mutating func f64(_ what: String) throws(HarnessProtocolError) -> Double {
        guard bytes.count - offset >= 8 else { throw error("the answer ends before \(what)") }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        offset += 8
        return Double(bitPattern: v)
    }

    /// A count no larger than `limit` (so a forged count cannot make the grader reserve absurd memory).
    mutating func count(_ what: String, atMost limit: Int) throws(HarnessProtocolError) -> Int {
        let k = Int(try u32(what))
        guard k <= limit else { throw error("\(what) is \(k), at most \(limit) possible") }
        return k
    }

    /// A count, then that many strictly ascending indices below `n`.
    mutating func ascendingIndices(below n: Int, stream i: Int) throws(HarnessProtocolError) -> [Int] {
        let k = try count("the event count of stream \(i)", atMost: n)
        var out: [Int] = []
        out.reserveCapacity(k)
        for _ in 0..<k {
            let index = Int(try u32("an event index of stream \(i)"))
            guard index < n else { throw error("event index \(index) of stream \(i) is not below \(n)") }
            guard out.last.map({ index > $0 }) ?? true else {
                throw error("event indices of stream \(i) not ascending (\(index) after \(out.last ?? 0))")
            }
            out.append(index)
        }
        return out
    }
}
