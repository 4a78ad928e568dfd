import Foundation
import Testing

@testable import FileFormats
@testable import sensorbench

/// A file of the wrong kind is named for what it is, with what the command reads; `validate` says what any file
/// is. Expected lines are written from the kinds' nouns (InputKind.swift) and the fixtures' own layouts: Sensor
/// Logger's `Gyroscope.csv` (`time,seconds_elapsed,z,y,x`, the sensor from the file name), TurnBack's drift log as
/// its app's `JSONEncoder` writes it (one line, `date` in seconds since 2001), a gyro profile, a zip.
@Suite struct FileKindTests {
    static func shipped(_ relative: String) -> String { SensorBench.packageRoot.appendingPathComponent(relative).path }

    /// A fixture in a fresh folder, under the name the app gives it.
    static func fixture(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = try SensorBench.temporaryFolder().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func fixture(_ name: String, _ text: String) throws -> String { try fixture(name, Array(text.utf8)) }

    static let gyroscopeCSV =
        "time,seconds_elapsed,z,y,x\n1700000000000000000,0,0.001,0.002,0.003\n1700000000010000000,0.01,0.001,0.002,0.003\n"
    static let driftLog =
        #"[{"id":"0B9E5C1E-6F43-4C1C-9E55-6A1C3C2A9D10","emoji":"🚶","name":"Loop","date":786000000,"minutes":10,"driftDegrees":19}]"#

    /// The error a command throws, or a recorded issue when it throws none or another type.
    static func refusal(_ body: () throws -> Void) -> InputError? {
        do {
            try body()
            Issue.record("no error")
        } catch let error as InputError {
            return error
        } catch {
            Issue.record("not an InputError: \(error)")
        }
        return nil
    }

    @Test func walksOnAGyroscopeCSV() throws {
        let file = try Self.fixture("Gyroscope.csv", Self.gyroscopeCSV)
        var walks = WalksCommand()
        walks.file = file
        let error = try #require(Self.refusal { _ = try walks.run() })
        #expect(error.problem == "is a Sensor Logger gyroscope CSV; `walks` reads a drift log (JSON)")
        #expect(error.file == file && error.line == nil)
        #expect(ExitCode(error) == .dataError)
    }

    @Test func runOnADriftLogAndOnAProfile() throws {
        let log = try Self.fixture("drift-log.json", Self.driftLog)
        var run = RunCommand()
        run.files = [log]
        run.outputFolder = try SensorBench.temporaryFolder().appendingPathComponent("out").path
        #expect(Self.refusal { _ = try run.run() }?.problem == "is a drift log (JSON); `run` reads a scenario (JSON)")
        run.files = [Self.shipped("Scenarios/profiles/phone-raw.json")]
        #expect(Self.refusal { _ = try run.run() }?.problem == "is a gyro profile (JSON); `run` reads a scenario (JSON)")
        // Nothing was written.
        #expect(!FileManager.default.fileExists(atPath: run.outputFolder))
    }

    @Test func replayOnADriftLog() throws {
        let log = try Self.fixture("drift-log.json", Self.driftLog)
        var replay = ReplayCommand()
        replay.file = log
        replay.configuration = Self.shipped("Scenarios/recordings/replay-shake.json")
        let error = try #require(Self.refusal { _ = try replay.run() })
        #expect(
            error.problem
                == "is a drift log (JSON); `replay` reads a sensor recording (a CSV of a known layout, a zip export or a "
                + "Sensor Logger JSON export) or a GPX file")
        // The detector configuration is checked as such: a scenario given for it is named.
        replay.configuration = Self.shipped("Scenarios/shake-everyday.json")
        #expect(
            Self.refusal { _ = try replay.run() }?.problem
                == "is a scenario (JSON); `replay --detector` reads a replay detector configuration (JSON)")
    }

    @Test func gradeOnAZip() throws {
        // A zip's local-file-header signature, as a learning platform's export starts. Since issue 27 `grade` takes
        // a zip as a student's Xcode project (read, or listed with its reason, by ProjectIntake), not as JSON.
        let zip = try Self.fixture("team01.zip", [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 26))
        #expect(try GradeCommand.submissionFiles([zip]) == [zip])
    }

    /// `validate` reads a CSV and a GPX file as what they are instead of calling them invalid JSON.
    @Test func validateSaysWhatARecordingIs() throws {
        let gyro = try Self.fixture("Gyroscope.csv", Self.gyroscopeCSV)
        #expect(
            try ValidateCommand.validate(file: gyro, kind: nil, rubric: nil)
                == "Sensor Logger gyroscope CSV, 2 samples over 0.0 s, rad/s (Sensor Logger UNITS.md)")
        let magnetometer = try Self.fixture("Magnetometer.csv", Self.gyroscopeCSV)
        #expect(
            Self.refusal { _ = try ValidateCommand.validate(file: magnetometer, kind: nil, rubric: nil) }?.problem
                == "is a Sensor Logger magnetometer CSV, which sensorbench does not read (it reads gyroscope, accelerometer "
                + "and location recordings)")
        // The shipped GPX walk: 215 track points (counted with grep -c '<trkpt' on the file).
        #expect(
            try ValidateCommand.validate(file: Self.shipped("Scenarios/recordings/walk-past-houston-market.gpx"), kind: nil, rubric: nil)
                == "GPX, 215 points")
        let empty = try Self.fixture("Annotation.csv", "")
        #expect(
            Self.refusal { _ = try ValidateCommand.validate(file: empty, kind: nil, rubric: nil) }?.problem
                == "is an empty file, which sensorbench does not read")
    }

    /// A typo in a required key names the typo; a missing file names a near name in its folder.
    @Test func didYouMean() throws {
        let text = try String(contentsOfFile: Self.shipped("Scenarios/drift-time-vs-turns.json"), encoding: .utf8)
        #expect(text.contains("\"trialsPerCell\""))
        let typo = try Self.fixture("typo.json", text.replacingOccurrences(of: "\"trialsPerCell\"", with: "\"trialPerCell\""))
        var run = RunCommand()
        run.files = [typo]
        let error = try #require(Self.refusal { _ = try run.run() })
        #expect(error.field == "trialsPerCell")
        #expect(error.problem == "is required but missing; the file has \"trialPerCell\": is that \"trialsPerCell\" misspelt?")
        let gyro = try Self.fixture("Gyroscope.csv", Self.gyroscopeCSV)
        let near = URL(fileURLWithPath: gyro).deletingLastPathComponent().appendingPathComponent("Gyroscpe.csv").path
        var walks = WalksCommand()
        walks.file = near
        let missing = try #require(Self.refusal { _ = try walks.run() })
        #expect(missing.problem == "no such file; did you mean \"Gyroscope.csv\"?")
        #expect(ExitCode(missing) == .noInput)
    }

    /// Every kind is in the registry once, and `validate --help` lists each.
    @Test func registry() {
        let names = InputKind.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for kind in InputKind.allCases {
            #expect(InputKind(rawValue: kind.rawValue) == kind)
            #expect(ValidateCommand.footer.contains(kind.rawValue))
            #expect(kind.fits != nil || !kind.described.isEmpty, "\(kind) is recognised by nothing")
        }
    }
}
