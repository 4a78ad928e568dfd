import Foundation
import Testing

@testable import FileFormats

/// The importers on small files written to a temporary folder, good and bad.
@Suite struct RecordingImportTests {
    static func write(_ text: String, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-recording-tests-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func readsSensorLoggerInRadPerSec() throws {
        let path = try Self.write(
            "time,seconds_elapsed,z,y,x\n1700000000000000000,0,0.3,0.2,0.1\n1700000000010000000,0.01,0.6,0.5,0.4\n",
            name: "Gyroscope.csv")
        let r = try SensorRecording.load(path: path, declaredUnit: nil)
        #expect(r.info.format == .sensorLogger)
        #expect(r.x == [0.1, 0.4] && r.y == [0.2, 0.5] && r.z == [0.3, 0.6])
        #expect(r.info.meanIntervalSeconds == 0.01)
    }

    @Test func readsPhyphoxWithUnitFromHeader() throws {
        let path = try Self.write(
            "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\"\n"
                + "0.000000000E0,1.0E-2,2.0E-2,3.0E-2\n1.0E-2,4.0E-2,5.0E-2,6.0E-2\n", name: "phyphox.csv")
        let r = try SensorRecording.load(path: path, declaredUnit: nil)
        #expect(r.info.format == .phyphox && r.info.unit == .radPerSec && r.info.unitSource == "header")
        #expect(r.z == [0.03, 0.06])
    }

    @Test func genericNeedsAUnitAndConvertsDegrees() throws {
        let path = try Self.write("t_s,x,y,z\n0,180,0,0\n0.5,90,0,0\n", name: "generic.csv")
        #expect(throws: InputError.self) { try SensorRecording.load(path: path, declaredUnit: nil) }
        let r = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        // 180 °/s = π rad/s exactly as computed (180·π/180).
        #expect(r.x == [180 * Double.pi / 180, 90 * Double.pi / 180])
    }

    @Test(arguments: [
        ("t_s,x,y\n0,1,2\n", 1, "missing column"),
        ("t_s,x,y,z\n0,1,2,3\n1,1,2,3\n0.5,1,2,3\n", 4, "goes backwards"),
        ("t_s,x,y,z\n0,1,nan,3\n", 2, "not a finite number"),
        ("t_s,x,y,z\n0,1,abc,3\n", 2, "not a number"),
        ("t_s,x,y,z\n0,1,2\n", 2, "fields"),
        ("t_s,x,y,z\n", 1, "no samples"),
    ])
    func refusesBadFilesNamingFileAndLine(text: String, line: Int, problem: String) throws {
        let path = try Self.write(text, name: "bad-\(line)-\(problem.count).csv")
        do {
            _ = try SensorRecording.load(path: path, declaredUnit: .radPerSec)
            Issue.record("accepted a bad file")
        } catch {
            #expect(error.file == path)
            #expect(error.line == line)
            #expect(error.description.contains(problem), "\(error)")
            #expect(ExitCode(error) == .dataError)
        }
    }

    @Test func refusesAnEmptyFileAndAMissingOne() throws {
        let path = try Self.write("", name: "empty.csv")
        #expect(throws: InputError(file: path, problem: "is empty")) { try SensorRecording.load(path: path, declaredUnit: nil) }
        do {
            _ = try SensorRecording.load(path: path + ".nope", declaredUnit: nil)
        } catch {
            #expect(ExitCode(error) == .noInput)
        }
    }

    /// Streams a million rows through a sink that keeps only a running sum: the reader holds one 1 MB chunk and one
    /// line, whatever the file's length (O(1) memory by construction; no peak-memory assertion).
    @Test func streamsAMillionRowsWithoutHoldingThem() throws {
        var text = "t_s,x,y,z\n"
        text.reserveCapacity(30_000_000)
        for k in 0..<1_000_000 { text += "\(k),1,\(k % 2),0.5\n" }
        let path = try Self.write(text, name: "million.csv")
        struct Sum: SampleSink {
            var count = 0
            var x = 0.0, y = 0.0
            mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
                count += 1
                self.x += x
                self.y += y
            }
        }
        var sink = Sum()
        let info = try SensorCSVReader.read(path: path, declaredUnit: .radPerSec, into: &sink)
        #expect(sink.count == 1_000_000 && info.sampleCount == 1_000_000)
        #expect(sink.x == 1_000_000 && sink.y == 500_000)
        #expect(info.lastTimeSeconds == 999_999)
        try FileManager.default.removeItem(atPath: path)
    }
}
