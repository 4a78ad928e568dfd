import Foundation
import MonteCarlo
import Reporting
import SensorSim
import Stats
import Testing

@testable import FileFormats
@testable import Recordings
@testable import Studies

/// Issue 25: one phone's own recordings, log and answer.
@Suite struct DevicePhoneTests {
    // MARK: - The app's log as written

    /// `JSONEncoder().encode([DriftEntry])`: one line, `id` a UUID string, `date` a Double (seconds since 2001).
    @Test func oneLineLogNamesEntriesByIndexAndReadsTurning() throws {
        let text =
            #"[{"id":"5B1C2F6E-0001-4C1A-9E1B-000000000001","emoji":"🏠","name":"Home","date":757382400.5,"minutes":3,"#
            + #""driftDegrees":1.25,"turnedDegrees":720,"netTurnDegrees":-360},"#
            + #"{"id":"5B1C2F6E-0001-4C1A-9E1B-000000000002","emoji":"🏫","name":"School","date":757382500,"minutes":6,"#
            + #""driftDegrees":-2.5,"turnedDegrees":90,"netTurnDegrees":180},"#
            + #"{"id":"5B1C2F6E-0001-4C1A-9E1B-000000000003","emoji":"❓","name":"Broken","date":757382600,"driftDegrees":9}]"#
        let log = try DriftLog.parse(try JSONParser.parse(Array(text.utf8)), file: "log.json")
        #expect(log.isOneLine)
        #expect(log.entries.map(\.index) == [1, 2])
        #expect(log.entries[0].turnedDegrees == 720 && log.entries[0].netTurnDegrees == -360)
        // |net| 180 > total 90 cannot come from one set of samples: imported without turning, with a note by index.
        #expect(log.entries[1].turnedDegrees == nil && log.entries[1].netTurnDegrees == nil)
        #expect(log.notes.contains { $0.contains("at entry 2") })
        #expect(log.skipped.count == 1 && log.skipped[0].place == 3)
        #expect(log.place(log.entries[1]) == "entry 2")
        #expect(!log.hasTurns)
        let analysis = try WalksAnalysis(
            log: log, profile: .init(name: "ideal"), trials: 10, seed: 1, straight: false, runner: MonteCarloRunner(jobs: 2))
        let summary = try #require(try WalksReport.render(analysis).contents(of: "summary.md"))
        #expect(summary.contains("skipped the entry at entry 3"))
        #expect(!summary.contains("line 1"))
    }

    // MARK: - Uniformity and sign tests

    /// Closed forms: the asymptotic Anderson–Darling 5% and 1% points are 2.492 and 3.857 (Stephens, JASA 69, 1974,
    /// Table 1, case 0); the sign test with 6 of 6 walks above the median has p = 2·(1/2)⁶ = 0.03125 (the issue's
    /// six walks, "p ≈ 0.03").
    @Test func andersonDarlingAndSignTestClosedForms() {
        #expect(abs(UniformityTests.adinf(2.492) - 0.95) < 0.001)
        #expect(abs(UniformityTests.adinf(3.857) - 0.99) < 0.001)
        #expect(abs(UniformityTests.signTestPValue(above: 6, n: 6) - 0.03125) < 1e-12)
        // 3 of 6: the largest tail is the whole distribution, p = 1.
        #expect(UniformityTests.signTestPValue(above: 3, n: 6) == 1)
        // Evenly spread percentiles (i − ½)/n: A² = 1/(12n)·… is small; p near 1.
        let even = (1...20).map { (Double($0) - 0.5) / 20 }
        #expect(UniformityTests.andersonDarling(even).pValue > 0.9)
        // All twenty in the top tenth: far from uniform.
        let high = (1...20).map { 0.9 + Double($0) / 250 }
        #expect(UniformityTests.andersonDarling(high).pValue < 0.001)
    }

    // MARK: - Calibration: still and spin

    /// A still and a spin recording of a phone with known bias b, scale factor s and asymmetry a, synthesised with the
    /// simulator's gyro error model (white noise only, N = 0.005 °/s/√Hz), written in the generic layout in rad/s.
    static let bias = -0.03, scale = 0.8, asymmetry = 0.3
    static let noise = 0.005

    static func phone() -> (GyroProfile, GyroDevice) {
        var p = GyroProfile(name: "truth")
        p.noiseDensityDegPerSecPerRootHz = noise
        let device = GyroDevice(
            turnOnBiasRadPerSec: bias * .pi / 180, scaleFactorError: scale / 100, scaleFactorAsymmetry: asymmetry / 100)
        return (p, device)
    }

    /// Writes `rates` (true z rate per sample, rad/s, 100 Hz) as measured by the phone.
    static func write(_ rates: [Double], seed: UInt64, to url: URL) throws {
        let (profile, device) = phone()
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
        var model = GyroErrorModel(profile: profile, device: device, stream: stream)
        var lines = ["t_s,x,y,z"]
        lines.reserveCapacity(rates.count + 1)
        for (k, omega) in rates.enumerated() {
            let z = model.measure(omega, stream: stream)
            lines.append("\(Double(k) / 100),\(stream.gaussian(sigma: 1e-4)),\(stream.gaussian(sigma: 1e-4)),\(z)")
        }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The spin: 5 s still, `turns` full turns counter-clockwise at 180 °/s, 5 s still, `turns` clockwise, 5 s still.
    /// Each spin is m samples at θ/(m·Δt) so the sampled rate's sum is exactly ±turns·360° (as ``WalkPlan`` does).
    static func spinRates(turns: Int) -> [Double] {
        let still = [Double](repeating: 0, count: 500)
        let m = turns * 200
        let rate = Double(turns) * 2 * .pi / (Double(m) * 0.01)
        return still + [Double](repeating: rate, count: m) + still + [Double](repeating: -rate, count: m) + still
    }

    @Test func calibrateRecoversBiasScaleFactorAndAsymmetryWithinTheirIntervals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h25-spin-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stillURL = folder.appendingPathComponent("still.csv"), spinURL = folder.appendingPathComponent("spin.csv")
        try Self.write([Double](repeating: 0, count: 60_000), seed: 5, to: stillURL)
        try Self.write(Self.spinRates(turns: 5), seed: 6, to: spinURL)

        let recording = try SensorRecording.load(path: stillURL.path, declaredUnit: .radPerSec)
        let analysis = try AllanAnalysis(recording: recording, axes: ["z"])
        let still = GyroCalibration.profile(name: "phone", axis: analysis.axes[0], analysis: analysis)
        let b = try #require(still.measurements["biasDegPerSec"])
        let bValue = try #require(b.value)
        // The bias: 600 s of σ = N·√100 = 0.05 °/s samples, SE = N/√T = 0.005/√600 ≈ 0.0002 °/s.
        #expect(abs(b.standardError - Self.noise / 600.0.squareRoot()) < 0.2 * b.standardError)
        #expect(abs(bValue - Self.bias) < 1.96 * b.standardError, "bias \(bValue) ± \(b.standardError)")

        // The marks of a synthetic spin are exact, so a small mark error (0.05°) keeps the interval honest and tight.
        let spin = try SpinCalibration.read(
            path: spinURL.path, unit: .radPerSec, axis: "z", turns: 5, markErrorDegrees: 0.05, biasDegPerSec: bValue,
            biasStandardErrorDegPerSec: b.standardError, noiseDensityDegPerSecPerRootHz: still.noiseDensityDegPerSecPerRootHz)
        #expect(spin.positiveAngleDegrees > 0 && spin.negativeAngleDegrees < 0)
        #expect(
            abs(spin.scaleFactorPercent - Self.scale) < 1.96 * spin.scaleFactorStandardErrorPercent,
            "s \(spin.scaleFactorPercent) ± \(spin.scaleFactorStandardErrorPercent)")
        #expect(
            abs(spin.asymmetryPercent - Self.asymmetry) < 1.96 * spin.asymmetryStandardErrorPercent,
            "a \(spin.asymmetryPercent) ± \(spin.asymmetryStandardErrorPercent)")
        // Hand calculation of the SE: Var(A) = 2·0.05² + N²·T + SE_b²·T² with T ≈ 15 s, so SE_s ≈ √(2·Var − 2·Cov)/(2·1800°)
        // ≈ 0.0036%: the interval is tight enough to tell 0.8% from 0.
        #expect(spin.scaleFactorStandardErrorPercent < 0.01)

        // The device profile round-trips through the strict reader, as a device profile.
        let profile = GyroCalibration.profile(name: "phone", axis: analysis.axes[0], analysis: analysis, spin: spin)
        let text = try GyroCalibration.json(profile, description: "test")
        let parsed = try ProfileReader.parse(
            try JSONObjectReader(try JSONParser.parse(Array(text.utf8)), file: "phone.json", path: ""), fallbackName: "phone")
        #expect(parsed.kind == .device)
        #expect(parsed.measurements["scaleFactorErrorPercent"]?.source == "spin recording spin.csv")
        #expect(parsed.measurements["biasInstabilityDegPerHour"]?.isMeasured == false)
        #expect(abs((parsed.measured("scaleFactorErrorPercent") ?? 0) - spin.scaleFactorPercent) < 1e-4)
    }

    @Test func aSpinThatIsNotNTurnsEachWayIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h25-spin-bad-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("spin.csv")
        try Self.write(Self.spinRates(turns: 3), seed: 7, to: url)
        #expect(throws: InputError.self) {
            try SpinCalibration.read(
                path: url.path, unit: .radPerSec, axis: "z", turns: 5, markErrorDegrees: 1, biasDegPerSec: 0,
                biasStandardErrorDegPerSec: 0, noiseDensityDegPerSecPerRootHz: 0.005)
        }
    }

    // MARK: - Time or turning: the answer flips with the phone

    /// A device profile with the given signed bias (°/s) and asymmetry (%), measured exactly (SE 0), white noise N.
    static func device(_ name: String, bias: Double, asymmetry: Double) -> GyroProfile {
        var p = GyroProfile(name: name)
        p.kind = .device
        p.noiseDensityDegPerSecPerRootHz = noise
        p.measurements = [
            "biasDegPerSec": GyroMeasurement(value: bias, standardError: 0, source: "test"),
            "scaleFactorErrorPercent": GyroMeasurement(value: 0, standardError: 0, source: "test"),
            "scaleFactorAsymmetryPercent": GyroMeasurement(value: asymmetry, standardError: 0, source: "test"),
        ]
        return p
    }

    /// A one-line log as the app writes it, from the drift study's own walks of `phone`: zigzags of 0, 8 and 16 turns
    /// of 90° (net 0°, total 0°, 720°, 1440°) at 2 and 6 minutes, 3 walks each.
    static func log(of phone: GyroProfile) throws -> DriftLog {
        var cells: [DriftCell] = []
        for minutes in [2.0, 6.0] {
            for turns in [0, 8, 16] {
                cells.append(
                    DriftCell(
                        index: cells.count, profile: phone, input: .rotationRate, tiltDegrees: 0,
                        walk: WalkParameters(minutes: minutes, turns: turns, shape: .zigzag)))
            }
        }
        let scenario = DriftScenario(
            name: "log", description: "", file: "log", seed: 25, trialsPerCell: 3, sameDevice: true, cells: cells,
            tracker: .init(), straightAheadToleranceDegrees: 5)
        let outcomes = try DriftStudy.simulate(scenario, runner: MonteCarloRunner(jobs: 2))
        let entries = outcomes.enumerated().map { i, o in
            let d = 180 / Double.pi
            return #"{"id":"00000000-0000-0000-0000-\#(String(format: "%012d", i))","emoji":"🚶","name":"walk","#
                + #""date":\#(757382400 + 3600 * i),"minutes":\#(cells[o.cellIndex].walk.minutes),"#
                + #""driftDegrees":\#(o.driftRadians * d),"turnedDegrees":\#(o.totalRotationRadians * d),"#
                + #""netTurnDegrees":\#(o.netRotationRadians * d)}"#
        }
        let text = "[" + entries.joined(separator: ",") + "]"
        return try DriftLog.parse(try JSONParser.parse(Array(text.utf8)), file: "log.json")
    }

    /// Time-dominated: bias 0.02 °/s, no asymmetry: after 10 minutes 12° from time, 0 from turning. Turning-dominated:
    /// no bias, asymmetry 4% (a/2 = 2% of every degree turned in a zigzag): 7.2° per 360° turned, 0 from time.
    @Test func theAnswerFlipsBetweenATimeAndATurningPhone() throws {
        let timeLog = try Self.log(of: Self.device("time-phone", bias: 0.02, asymmetry: 0))
        let turnLog = try Self.log(of: Self.device("turn-phone", bias: 0, asymmetry: 4))
        #expect(timeLog.hasTurns && turnLog.hasTurns && timeLog.isOneLine)
        func answer(_ log: DriftLog) throws -> TimeOrTurning {
            try TimeOrTurning(
                minutes: log.entries.map(\.minutes), turnedDegrees: log.entries.map { $0.turnedDegrees ?? 0 },
                driftDegrees: log.entries.map(\.driftDegrees))
        }
        let time = try answer(timeLog), turning = try answer(turnLog)
        #expect(time.verdict == .time)
        #expect(turning.verdict == .turning)
        // Each part's interval holds the closed form: 0.02 °/s · 600 s = 12°; 0.02 · 360° = 7.2°.
        #expect(time.timePart.interval.low < 12 && 12 < time.timePart.interval.high)
        #expect(turning.turningPart.interval.low < 7.2 && 7.2 < turning.turningPart.interval.high)
        // And the report says so in the student's words.
        let analysis = try WalksAnalysis(
            log: timeLog, profile: Self.device("time-phone", bias: 0.02, asymmetry: 0), trials: 10, seed: 1,
            straight: false, runner: MonteCarloRunner(jobs: 2))
        let summary = try #require(try WalksReport.render(analysis).contents(of: "summary.md"))
        #expect(summary.contains("On your phone, after a 10-minute loop"))
        #expect(summary.contains("most of that is time"))
        // The intervals' degrees of freedom are the fit's own, printed to 3 digits (HC3SatterthwaiteTests).
        let nu = try LinearModel.hc3SatterthwaiteDegreesOfFreedom(
            terms: [
                RegressionTerm(name: "minutes", values: timeLog.entries.map(\.minutes)),
                RegressionTerm(name: "turned_deg", values: timeLog.entries.map { $0.turnedDegrees ?? 0 }),
            ], includeIntercept: false)
        #expect(
            summary.contains(
                "small-sample degrees of freedom: \(try Format.number(nu[0], significantDigits: 3)) for time, "
                    + "\(try Format.number(nu[1], significantDigits: 3)) for turning"))
        #expect(summary.contains("Compared against one phone"))
    }

    /// An unmeasured scale factor, re-simulated at a class spread of 5% on 4-turn loops (360° net), adds about
    /// 0.05·360° = 18° RMS to walks whose measured errors give well under 1°: the listed RMS must grow past 10°.
    @Test func anUnmeasuredTermIsReSimulatedAtTheClassValue() throws {
        var phone = Self.device("phone", bias: 0.001, asymmetry: 0)
        phone.measurements["scaleFactorErrorPercent"] = .notMeasured()
        phone.classValues = ["scaleFactorErrorPercent": 5]
        let log = try DriftLog.parse(try JSONParser.parse(Array(#"[{"minutes":1,"driftDegrees":0.5}]"#.utf8)), file: "l.json")
        let a = try WalksAnalysis(log: log, profile: phone, trials: 40, seed: 2, straight: false, runner: MonteCarloRunner(jobs: 2))
        let effect = try #require(a.unmeasured.first { $0.field == "scaleFactorErrorPercent" })
        #expect(effect.rmsWithoutDeg < 1 && effect.rmsWithDeg > 10, "\(effect.rmsWithoutDeg) → \(effect.rmsWithDeg)")
    }

    /// Without turning the answer is "cannot", with a plan: for the time phone the plan's simulated power is at
    /// least 95% and an independent simulation of the same plan (other seeds) answers as often, within its interval.
    @Test func aLogWithoutTurningGetsAPlanThatAnswers() throws {
        let model = PhoneDriftModel(profile: Self.device("time-phone", bias: 0.02, asymmetry: 0))
        let plan = try WalkingPlan.make(model: model, seed: 3)
        #expect(plan.reachesTarget && plan.power >= 0.95)
        let again = try WalkingPlan.answeredLogs(model: model, walksPerKind: plan.walksPerKind, seed: 99, replications: 400)
        // 400 logs at a true power ≥ 0.95: fewer than 369 answered has probability < 0.1% (binomial, 3.4σ below 380).
        #expect(again >= 369)
    }

    // MARK: - Profile resolution

    @Test func aProfileResolvesByNameThroughTheSearchPathOrByPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h25-profiles-\(getpid())")
        let profiles = folder.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"name": "mine", "sampleRateHz": 50}"#.write(
            to: profiles.appendingPathComponent("mine.json"), atomically: true, encoding: .utf8)
        let byName = try ProfileReader.read(option: "--profile", value: "mine", folder: folder)
        #expect(byName.sampleRateHz == 50)
        let byPath = try ProfileReader.read(
            option: "--profile", value: profiles.appendingPathComponent("mine.json").path, folder: URL(fileURLWithPath: "/"))
        #expect(byPath.name == "mine")
        #expect(throws: InputError.self) { try ProfileReader.read(option: "--profile", value: "absent", folder: folder) }
        do {
            _ = try ProfileReader.read(option: "--profile", value: "absent.json", folder: folder)
            Issue.record("a missing profile file was read")
        } catch {
            #expect(error.kind == .missingFile)
        }
    }
}

/// A heading replay of a walk recording becomes a drift-log entry that `walks` reads.
@Suite struct ReplayLogEntryTests {
    /// 60 s at 100 Hz, marked at 1 s: a turn of +450° (left) and one of −90° (right), both at 90 °/s, on a phone with a
    /// 0.01 °/s bias and no noise. From the mark (t = 1 s) to the end (t = 59.99 s): net rotation 360° + b·58.99 s;
    /// total 540° + b·(58.99 − 2) s, since during the 1 s right turn |−90 + b| = 90 − b takes b off instead of adding
    /// it; and the logged drift is the net wrapped to (−180°, 180°], b·58.99 s = 0.5899° (trapezoidal sums of these
    /// sampled rates, worked by hand).
    @Test func aWalkRecordingBecomesALogEntry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h25-replay-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("walk.csv")
        let rate = 90 * Double.pi / 180
        var rates = [Double](repeating: 0, count: 6000)
        for k in 1000..<1500 { rates[k] = rate }  // 5 s at 90 °/s: 450°
        for k in 3000..<3100 { rates[k] = -rate }  // 1 s: −90°
        let bias = 0.01 * Double.pi / 180
        var lines = ["t_s,x,y,z"]
        for (k, omega) in rates.enumerated() { lines.append("\(Double(k) / 100),0,0,\(omega + bias)") }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        var settings = HeadingReplaySettings()
        settings.markAtSeconds = 1
        let replay = try HeadingReplay(path: url.path, unit: .radPerSec, settings: settings, configurationFile: "c.json")
        let span = 58.99
        #expect(abs(replay.minutesSinceMark - span / 60) < 1e-9)
        #expect(abs(replay.netTurnDegrees - (360 + 0.01 * span)) < 1e-6)
        #expect(abs(replay.turnedDegrees - (540 + 0.01 * (span - 2))) < 1e-6)
        #expect(abs(replay.driftDegrees - 0.01 * span) < 1e-6)
        let text = "[" + (try replay.logEntryJSON(name: "walk.csv")) + "]"
        let log = try DriftLog.parse(try JSONParser.parse(Array(text.utf8)), file: "log.json")
        #expect(log.hasTurns && log.entries.count == 1)
        #expect(abs(log.entries[0].driftDegrees - 0.5899) < 1e-4)
    }
}
