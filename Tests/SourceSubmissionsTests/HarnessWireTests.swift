import Testing

@testable import SourceSubmissions

// MARK: - The wire format: strict decoding of a harness's answer

/// Answers written by hand, byte by byte, from the format documented on `HarnessWire`.
@Suite struct HarnessWireTests {
    static let shapes: [HarnessStreamShape] = [.acceleration(samples: 10), .touch(points: 5), .location(places: 2, fixes: 4)]

    /// A valid answer: raw input, fired at samples 2 and 7; touch fired at point 4; place 1 entered at fix 0 and
    /// left at fix 3, place 0 entered at fix 2; the team printed 2 lines ("a\nb\n", 4 bytes kept) and started
    /// its accelerometer at 0.2 s, no device motion, its gyroscope at 0.01 s.
    static func valid() -> [UInt8] {
        var b: [UInt8] = Array("SBHA".utf8)
        b.append(u32: 2)
        b += [0x11, 1]
        b.append(u32: 2)
        b.append(u32: 2)
        b.append(u32: 7)
        b.append(0x21)
        b.append(u32: 1)
        b.append(u32: 4)
        b.append(0x31)
        b.append(u32: 3)
        for (fix, place, kind) in [(0, 1, 1), (2, 0, 1), (3, 1, 0)] as [(UInt32, UInt32, UInt8)] {
            b.append(u32: fix)
            b.append(u32: place)
            b.append(kind)
        }
        b.append(0x40)
        b.append(u32: 2)
        b.append(u32: 4)
        b += Array("a\nb\n".utf8)
        b.append(f64: 0.2)
        b.append(f64: 0)
        b.append(f64: 0.01)
        b.append(0xFF)
        b.append(u32: 3)
        return b
    }

    @Test func validAnswerDecodes() throws {
        let decoded = try HarnessWire.decodeAnswer(Self.valid(), streams: Self.shapes)
        let answers = decoded.streams
        #expect(answers[0] == .acceleration(raw: true, firedAt: [2, 7]))
        #expect(answers[1] == .touch(firedAt: [4]))
        #expect(answers[2] == .location([(0, 1, true), (2, 0, true), (3, 1, false)]))
        #expect(decoded.output.printedLines == 2 && decoded.output.printed == Array("a\nb\n".utf8))
        #expect(decoded.output.accelerometerSeconds == 0.2 && decoded.output.deviceMotionSeconds == 0)
        #expect(decoded.output.gyroSeconds == 0.01)
    }

    /// Input 2 (an app that started no motion updates) decodes as "not known" (nil).
    @Test func inputTwoIsAnAppWithoutMotionUpdates() throws {
        var b = Self.valid()
        b[9] = 2
        #expect(try HarnessWire.decodeAnswer(b, streams: Self.shapes).streams[0] == .acceleration(raw: nil, firedAt: [2, 7]))
    }

    /// Each corruption, at a byte offset computed from the layout above, is a protocol error, never a crash.
    /// Offsets: header 0–7, acceleration answer 8–21 (tag 8, input 9, count 10, indices 14 and 18), touch 22–30
    /// (tag 22, count 23, index 27), location 31– (tag 31, count 32, events of 9 bytes from 36), output record
    /// 63– (tag 63, lines 64, length 68, log 72–75, intervals 76, 84, 92), end at 100.
    @Test(arguments: [
        ("wrong magic", 0, UInt8(ascii: "X")),
        ("wrong version", 4, UInt8(1)),
        ("input not 0, 1 or 2", 9, UInt8(3)),
        ("index out of range", 18, UInt8(10)),
        ("indices not ascending", 18, UInt8(1)),
        ("absurd count", 13, UInt8(0x7F)),
        ("wrong answer tag", 22, UInt8(0x11)),
        ("place out of range", 40, UInt8(2)),
        ("event kind not 0 or 1", 44, UInt8(5)),
        ("entered twice", 62, UInt8(1)),
        ("no output record", 63, UInt8(0xFF)),
        ("absurd log length", 71, UInt8(0x7F)),
        ("accelerometer interval out of 0.01–1 s (top byte 0x7F: about 10^300)", 83, UInt8(0x7F)),
        ("wrong end marker", 100, UInt8(0xFE)),
        ("wrong stream count", 101, UInt8(4)),
    ])
    func corruptedAnswerIsAProtocolError(_ what: String, _ offset: Int, _ value: UInt8) {
        var b = Self.valid()
        b[offset] = value
        #expect(throws: HarnessProtocolError.self, "\(what)") {
            try HarnessWire.decodeAnswer(b, streams: Self.shapes)
        }
    }

    @Test func truncatedOrTrailingBytesAreProtocolErrors() {
        let b = Self.valid()
        for n in [0, 3, 8, 20, 40, b.count - 1] {
            #expect(throws: HarnessProtocolError.self) { try HarnessWire.decodeAnswer(Array(b.prefix(n)), streams: Self.shapes) }
        }
        #expect(throws: HarnessProtocolError.self) { try HarnessWire.decodeAnswer(b + [0], streams: Self.shapes) }
        // Fewer streams requested than answered: the end marker is not where the request says.
        #expect(throws: HarnessProtocolError.self) { try HarnessWire.decodeAnswer(b, streams: Array(Self.shapes.prefix(2))) }
    }

    /// The request's layout: header 8 bytes; acceleration 1 + 4 + 24 + 20 per sample; touch 1 + 4 + 25 per point
    /// + 1 per touch end; location 1 + 4 + 16 per place + 4 + 32 per fix; end 1.
    @Test func requestLayout() {
        var r = HarnessRequest()
        r.addAcceleration(count: 3, gravity: (0, 0, -1)) { k in (Double(k) / 100, 1, 2, Float(k)) }
        r.addTouch([[(0, 1, 2), (0.1, 3, 4)], [(1, 5, 6)]])
        r.addLocation(places: [(39.9, -75.2)], fixes: [(0, 39.9, -75.2, 5), (1, 39.9, -75.2, 5)])
        r.finish()
        #expect(r.bytes.count == 8 + (29 + 60) + (5 + 75 + 2) + (5 + 16 + 4 + 64) + 1)
        #expect(r.streams == [.acceleration(samples: 3), .touch(points: 3), .location(places: 1, fixes: 2)])
        #expect(Array(r.bytes.prefix(4)) == Array("SBHQ".utf8))
        // Gravity z, −1.0 = 0xBFF0000000000000 little-endian, after tag (8), count (9–12), gx, gy (13–28).
        #expect(Array(r.bytes[29..<37]) == [0, 0, 0, 0, 0, 0, 0xF0, 0xBF])
    }

    /// A location stream under conditions (`0x34`): tag, authorization byte (Apple's raw value, 2 denied), the
    /// places, then per record a kind byte and its time, with the fix's three numbers only for a fix: 1 + 1 + 4 +
    /// 16 + 4 + (1 + 8) + (1 + 32) bytes for one place, a tick without a fix and a fix. Its answer is tagged `0x35`
    /// and indexed by record; a `0x31` answer to it is refused.
    @Test func conditionedLocationLayoutAndAnswer() throws {
        var r = HarnessRequest()
        r.addConditionedLocation(
            denied: true, places: [(39.9, -75.2)], records: [(0, nil), (1, (39.9, -75.2, 5))])
        r.finish()
        #expect(r.bytes.count == 8 + (1 + 1 + 4 + 16 + 4 + 9 + 33) + 1)
        #expect(r.streams == [.conditionedLocation(places: 1, records: 2)])
        #expect(r.bytes[8] == 0x34 && r.bytes[9] == 2)
        // Record 0 at byte 8 + 26 = 34: kind 0, then t = 0; record 1 at 43: kind 1.
        #expect(r.bytes[34] == 0 && r.bytes[43] == 1)
        var a: [UInt8] = Array("SBHA".utf8)
        a.append(u32: 2)
        a.append(0x35)
        a.append(u32: 1)
        a.append(u32: 1)
        a.append(u32: 0)
        a.append(1)
        a.append(0x40)
        a.append(u32: 0)
        a.append(u32: 0)
        for _ in 0..<3 { a.append(f64: 0) }
        a.append(0xFF)
        a.append(u32: 1)
        #expect(try HarnessWire.decodeAnswer(a, streams: r.streams).streams == [.location([(1, 0, true)])])
        #expect(AnswerScanner(streams: r.streams).answered(a) == 1)
        a[8] = 0x31
        #expect(throws: HarnessProtocolError.self) { try HarnessWire.decodeAnswer(a, streams: r.streams) }
    }

    @Test func typeNamesThatCouldInjectCodeAreRefused() {
        #expect(HarnessTypes.isTypeName("TeamShakeDetector"))
        #expect(HarnessTypes.isTypeName("Team.Shake_2"))
        for bad in ["", "2Fast", "A B", "A()", "A;exit(0)", "A.", ".A", "A..B", "Ä", String(repeating: "a", count: 201)] {
            #expect(!HarnessTypes.isTypeName(bad), "\(bad)")
        }
    }
}
