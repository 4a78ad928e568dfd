import DetectionCore
import Foundation
import Testing

@testable import FileFormats
@testable import Recordings
@testable import Studies
@testable import sensorbench

/// `replay` on the shipped samples, checked against the generators' truth; bad configurations refused.
@Suite struct ReplayTests {
    /// The checkout's root, from this file's path (Tests/CLITests/<file>).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Scenarios/recordings")
    static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }

    static func write(_ text: String, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-replay-tests-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    // MARK: - Heading

    /// A still gyro: the arrow's final turn angle is minus the integrated z reading. With zero true rate that is
    /// −(b₀·T) plus the integrated noise, where b₀ is the z device's drawn turn-on bias (the generator's truth).
    /// Noise of the integral: white, N·√T = 0.005 °/s/√Hz · √30 s = 0.027°; bias instability, nearly constant over
    /// 30 s ≪ τ = 100 s, at most σ_B·T = (10/3600 °/s)·30 s = 0.083°; together σ = 0.088°, tolerance 4σ = 0.35°.
    @Test(arguments: [("Gyroscope.csv", nil), ("phyphox-gyroscope.csv", nil), ("static-gyro-generic.csv", RecordingUnit.radPerSec)])
    func staticGyroArrowMatchesTheDrawnBias(name: String, unit: RecordingUnit?) throws {
        let gyro = try SampleRecordings.staticGyro()
        let h = try HeadingReplay(
            path: Self.sample(name), unit: unit, settings: HeadingReplaySettings(),
            configurationFile: "test.json")
        let duration = Double(gyro.z.count - 1) / gyro.sampleRateHz  // 29.99 s from the mark at 0 to the last sample
        let expected = -gyro.devices[2].turnOnBiasRadPerSec * duration * 180 / .pi
        let final = try #require(h.final)
        #expect(abs(final.turnAngleDegrees - expected) <= 0.35, "\(final.turnAngleDegrees) vs \(expected)")
        #expect(final.timeSeconds == duration)
        // Rows at 0, 1, …, 29 s (the first sample at or after each second) and the last sample: 31 rows.
        #expect(h.rows.count == 31)
        #expect(h.rows[0].timeSeconds == 0 && h.rows[0].turnAngleDegrees == 0)
        #expect(h.counters.skipped == 0 && h.counters.accepted == 3000)
        // Within ±5° the arrow says straight ahead (TurnPhrase's tolerance); |angle| < 0.5° here.
        #expect(final.phrase == "straight ahead")
    }

    /// The same samples in three formats give the same arrow (to the printed precision of 9 digits).
    @Test func threeFormatsAgree() throws {
        let angles = try [
            ("Gyroscope.csv", nil), ("phyphox-gyroscope.csv", nil),
            ("static-gyro-generic.csv", RecordingUnit.radPerSec),
        ].map { name, unit in
            try #require(
                try HeadingReplay(
                    path: Self.sample(name), unit: unit, settings: HeadingReplaySettings(),
                    configurationFile: "t"
                ).final
            ).turnAngleDegrees
        }
        #expect(abs(angles[0] - angles[1]) < 1e-6 && abs(angles[0] - angles[2]) < 1e-6)
    }

    /// A mark later in the recording and a gap: rows start at the mark; a 1 s gap (> 0.5 s) is skipped, not
    /// integrated. Hand-made file: 1 rad/s for 2 s at 10 Hz, a gap, then 1 rad/s for 1 s.
    @Test func markAndGapAreHonoured() throws {
        var text = "t_s,x,y,z\n"
        for k in 0...20 { text += "\(Double(k) / 10),0,0,1\n" }
        for k in 30...40 { text += "\(Double(k) / 10),0,0,1\n" }
        let path = try Self.write(text, name: "gap.csv")
        var s = HeadingReplaySettings()
        s.markAtSeconds = 1
        let h = try HeadingReplay(path: path, unit: .radPerSec, settings: s, configurationFile: "t")
        #expect(h.markedAtSeconds == 1)
        #expect(h.counters.gaps == 1)
        // Integrated after the mark: 1→2 s and 3→4 s at 1 rad/s = 2 rad of left turn; turn back = −2 rad.
        let final = try #require(h.final)
        #expect(abs(final.turnAngleDegrees + 2 * 180 / .pi) < 1e-9)
        #expect(final.phrase == "115° to your right")  // 2 rad = 114.59°, rounded
    }

    // MARK: - Shake

    /// Every shake the generator inserted is detected once, during the shake, and nothing fires in between (the
    /// rest of the timeline is a still phone: 0.01 g noise per axis, far below the 0.8 g threshold).
    @Test func accelerometerSampleFiresOncePerShake() throws {
        let timeline = try SampleRecordings.shakeTimeline()
        let config = try ReplayConfiguration.load(path: Self.sample("replay-shake.json"))
        guard case .shake(let c) = config else { Issue.record("not a shake configuration"); return }
        let replay = try ShakeReplay(path: Self.sample("Accelerometer.csv"), unit: nil, configuration: c)
        #expect(replay.info.unit == .metersPerSecondSquared)
        let shakes = timeline.shakes
        #expect(shakes.count == 3)
        #expect(replay.events.count == shakes.count)
        for (event, shake) in zip(replay.events, shakes) {
            let start = timeline.timeSeconds(shake.startSample)
            let end = timeline.timeSeconds(shake.endSample - 1)
            #expect(event.timeSeconds >= start && event.timeSeconds <= end, "\(event.timeSeconds) not in [\(start), \(end)]")
        }
    }

    /// Units: the file holds m/s² (Sensor Logger's Accelerometer.csv); read back and divided by 9.80665 it gives the
    /// generator's g values, so each event's magnitude equals the timeline's magnitude at that sample (to the file's
    /// 7 significant digits and Float storage: relative 1e-6).
    @Test func unitIsConvertedFromMetersPerSecondSquared() throws {
        let timeline = try SampleRecordings.shakeTimeline()
        var c = ShakeDetectorConfiguration(kind: .thresholdCount)
        c.thresholdG = 0.8
        let byDefault = try ShakeReplay(path: Self.sample("Accelerometer.csv"), unit: nil, configuration: c)
        let declared = try ShakeReplay(
            path: Self.sample("Accelerometer.csv"), unit: .metersPerSecondSquared,
            configuration: c)
        #expect(byDefault.events == declared.events && !declared.events.isEmpty)
        for e in byDefault.events {
            let k = Int((e.timeSeconds * timeline.sensor.sampleRateHz).rounded())
            let x = Double(timeline.x[k]), y = Double(timeline.y[k]), z = Double(timeline.z[k])
            let truth = (x * x + y * y + z * z).squareRoot()
            #expect(abs(e.magnitudeG - truth) <= 1e-6 * truth, "\(e.magnitudeG) vs \(truth)")
        }
    }

    // MARK: - Proximity

    /// The naive rule on the walk past Houston Market: at every fix the monitor's state agrees with the truth
    /// wherever the truth is clear. The measured distance differs from the true one by at most the fix's GPS error
    /// (triangle inequality) plus 0.5 m for the planar-versus-geodesic and 10-digit-coordinate differences, so a
    /// fix with true d + error + 0.5 < R must be inside and one with true d − error − 0.5 ≥ R must be outside.
    @Test func walkPastTheHallEntersWhereTheTruthSays() throws {
        let walk = try SampleRecordings.hallWalk()
        let config = ProximityCheckConfiguration(kind: .naive, radiusMeters: 50)
        let replay = try ProximityReplay(
            path: Self.sample("walk-past-houston-market.gpx"), places: [walk.hall],
            placesSource: "test", configuration: config)
        #expect(replay.fixCount == walk.fixes.count)
        var inside = false
        var events = replay.events[...]
        var checked = 0
        for (k, fix) in walk.fixes.enumerated() {
            while let e = events.first, e.timeSeconds <= fix.timestampSeconds {
                inside = e.kind == .enter
                events = events.dropFirst()
            }
            let d = walk.trueDistanceMeters[k], err = walk.errorMeters[k] + 0.5
            if d + err < 50 { #expect(inside, "fix at \(fix.timestampSeconds) s: true \(d) m, error \(err) m"); checked += 1 }
            if d - err >= 50 { #expect(!inside, "fix at \(fix.timestampSeconds) s: true \(d) m, error \(err) m"); checked += 1 }
        }
        // The pass comes to 25 m (plan) ± 3 m (wander): some fixes are surely inside, most surely outside.
        #expect(checked > walk.fixes.count / 2)
        #expect(replay.events.contains { $0.kind == .enter })
    }

    /// With the default Penn places the report lists every hall, and the walk enters only Houston Market (the
    /// next-nearest hall, Joe's Café, is over 100 m from the track's closest point).
    @Test func defaultPlacesAreThePennHalls() throws {
        let (places, source) = try ReplayCommand.replayPlaces(
            Self.root
                .appendingPathComponent("Scenarios/places/penn-dining.json").path)
        #expect(places.count == 11 && !source.isEmpty)
        let replay = try ProximityReplay(
            path: Self.sample("walk-past-houston-market.gpx"), places: places,
            placesSource: source, configuration: ProximityCheckConfiguration(kind: .naive))
        #expect(Set(replay.events.map(\.placeName)) == ["Houston Market"])
        #expect(replay.overlaps.isEmpty)
    }

    /// The refusal names what the kind reads, and a range problem the value it got.
    @Test func proximityKeysComeFromTheKindsDeclaration() throws {
        let unread = try Self.write("{\"kind\":\"naive\",\n\"dwellSeconds\": 5}", name: "unread-key.json")
        do {
            _ = try ReplayConfiguration.load(path: unread)
            Issue.record("accepted a key naive does not read")
        } catch {
            #expect(error.problem == "is not read by naive (it reads: radiusMeters)", "\(error)")
        }
        let range = try Self.write("{\"kind\":\"dwell\",\n\"dwellSeconds\": -1}", name: "range-key.json")
        do {
            _ = try ReplayConfiguration.load(path: range)
            Issue.record("accepted a negative dwell")
        } catch {
            #expect(error.problem == "must be in [0, 86400] s, got -1", "\(error)")
        }
    }

    // MARK: - Bad input

    @Test(arguments: [
        ("{\"kind\":\"threshold-count\",\n\"thresholdG\": -1}", 2, "thresholdG"),
        ("{\"kind\":\"naive\",\n\"radiusMeter\": 5}", 2, "radiusMeter"),
        ("{\"kind\":\"dwell\",\n\"dwellSeconds\": \"x\"}", 2, "dwellSeconds"),
        // A key the kind does not read (its declaration) is refused on its line.
        ("{\"kind\":\"naive\",\n\"dwellSeconds\": 5}", 2, "dwellSeconds"),
        ("{\"kind\":\"hysteresis\",\n\"exitMarginMeters\": -1}", 2, "exitMarginMeters"),
        ("{\"kind\":\"wiggle\"}", 1, "kind"),
        ("{\"detector\":\"heading\",\n\"markAtSeconds\": -1}", 2, "markAtSeconds"),
        ("{\"detector\":\"heading\",\n\"gap\": 1}", 2, "gap"),
        ("{\"kind\":\"reversal\",\n\"requiredCount\": 0}", 2, "requiredCount"),
        ("{\"kind\": \"naive\",", 1, ""),
    ])
    func badConfigurationsNameTheLineAndField(text: String, line: Int, field: String) throws {
        let path = try Self.write(text, name: "bad-\(abs(text.hashValue)).json")
        do {
            _ = try ReplayConfiguration.load(path: path)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.file == path)
            #expect(error.line == line, "\(error)")
            #expect(error.field == field, "\(error)")
            #expect(ExitCode(error) == .dataError)
        }
    }

    /// A bad configuration, a missing recording and a detector for the wrong kind of file write nothing.
    @Test func badInputWritesNothing() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-replay-none-\(getpid())")
        let bad = try Self.write("{\"kind\":\"threshold-count\",\"windowSeconds\":0}", name: "bad-window.json")
        var o = ReplayCommand()
        o.outputFolder = out.path
        let cases: [(String, String, ExitCode)] = [
            (Self.sample("Accelerometer.csv"), bad, .dataError),
            (Self.sample("missing.csv"), Self.sample("replay-heading.json"), .noInput),
            (Self.sample("walk-past-houston-market.gpx"), Self.sample("replay-heading.json"), .dataError),
            (Self.sample("Gyroscope.csv"), Self.sample("replay-proximity.json"), .dataError),
            (Self.sample("Gyroscope.csv"), Self.sample("replay-shake.json"), .dataError),
        ]
        for (file, config, code) in cases {
            o.file = file
            o.configuration = config
            do {
                _ = try o.run()
                Issue.record("accepted \(file) with \(config)")
            } catch let error as InputError {
                #expect(ExitCode(error) == code, "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    /// A GPX point without a time, and times going backwards, are refused with their line.
    @Test func gpxWithoutTimesIsRefused() throws {
        let head = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<trk><trkseg>\n"
        let noTime = try Self.write(
            head + "<trkpt lat=\"39.95\" lon=\"-75.19\"></trkpt>\n</trkseg></trk></gpx>\n",
            name: "no-time.gpx")
        let c = ProximityCheckConfiguration(kind: .naive)
        #expect(throws: InputError.self) { try ProximityReplay(path: noTime, places: [], placesSource: "", configuration: c) }
        let backwards = try Self.write(
            head + "<trkpt lat=\"39.95\" lon=\"-75.19\"><time>2026-01-01T00:00:05Z</time></trkpt>\n"
                + "<trkpt lat=\"39.95\" lon=\"-75.19\"><time>2026-01-01T00:00:04Z</time></trkpt>\n"
                + "</trkseg></trk></gpx>\n", name: "backwards.gpx")
        do {
            _ = try ProximityReplay(path: backwards, places: [], placesSource: "", configuration: c)
            Issue.record("accepted time going backwards")
        } catch {
            #expect(error.line == 5 && error.field == "<time>")
        }
        // accuracy-gated needs each point's accuracy.
        let gated = ProximityCheckConfiguration(kind: .accuracyGated)
        let ok = try Self.write(
            head + "<trkpt lat=\"39.95\" lon=\"-75.19\"><time>2026-01-01T00:00:05Z</time></trkpt>\n"
                + "</trkseg></trk></gpx>\n", name: "no-accuracy.gpx")
        #expect(throws: InputError.self) { try ProximityReplay(path: ok, places: [], placesSource: "", configuration: gated) }
    }

    /// ISO 8601 times against hand-computed Unix times: 2000-03-01 is 11 017 days after 1970-01-01 (30 years with
    /// 7 leap days = 10 957 days to 2000-01-01, + 31 + 29), i.e. 951 868 800 s; 2026-01-01 is 20 454 days.
    @Test func gpxTimesParse() {
        #expect(GPXTime.secondsSince1970("1970-01-01T00:00:00Z") == 0)
        #expect(GPXTime.secondsSince1970("2000-03-01T00:00:00Z") == 951_868_800)
        #expect(GPXTime.secondsSince1970("2026-01-01T01:00:00.25+01:00") == 1_767_225_600.25)
        #expect(GPXTime.secondsSince1970("2026-01-01T00:00:00") == 1_767_225_600)
        for bad in ["2026-02-29T00:00:00Z", "2026-01-01 00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00.Z", ""] {
            #expect(GPXTime.secondsSince1970(bad) == nil, "\(bad)")
        }
    }
}
