import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Recordings
@testable import Studies

/// Replays every input in `Fuzz/regressions/<target>/` through the reader its fuzz target drives: each must give a
/// value or an `InputError` (a JSON syntax error for the parser), never a trap. `scripts/fuzz` adds the inputs that
/// crashed a target; the hand-written ones are malformed on purpose and must be refused, except where noted.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions")

    /// Inputs that are valid and must be read (name → check).
    static let accepted: Set<String> = ["cr-only.json"]

    static func inputs(_ target: String) -> [URL] {
        let folder = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Reads `url` as `target` does; nil when read, else the error's text.
    static func read(_ target: String, _ url: URL) throws -> String? {
        do {
            switch target {
            case "json": _ = try JSONParser.parse(Array(try Data(contentsOf: url)))
            case "sensor-csv":
                _ = try SensorRecording.load(path: url.path, declaredUnit: nil)
            case "drift-log": _ = try DriftLog.load(path: url.path)
            case "part-file": _ = try PartFile.read(path: url.path)
            case "gpx": _ = try GPXReader.parse(try Data(contentsOf: url), file: url.lastPathComponent)
            default: Issue.record("no reader for \(target)")
            }
            return nil
        } catch let error as InputError {
            return error.description
        } catch let error as JSONParser.SyntaxError {
            return "line \(error.line): \(error.message)"
        }
    }

    @Test(arguments: ["json", "sensor-csv", "drift-log", "part-file", "gpx"])
    func everyKeptInputIsReadOrRefusedWithoutATrap(target: String) throws {
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "Fuzz/regressions/\(target) is empty")
        for url in inputs {
            let outcome = try Self.read(target, url)
            if Self.accepted.contains(url.lastPathComponent) {
                #expect(outcome == nil, "\(target)/\(url.lastPathComponent): \(outcome ?? "")")
            } else if !url.lastPathComponent.hasPrefix("crash-") && !url.lastPathComponent.hasPrefix("timeout-")
                && !url.lastPathComponent.hasPrefix("oom-")
            {
                #expect(outcome != nil, "\(target)/\(url.lastPathComponent) was accepted")
            }
        }
    }

    /// The lone-CR drift log reads both entries with their lines (a CR alone ends a line; before, all were line 1).
    @Test func crOnlyDriftLogHasItsLineNumbers() throws {
        let log = try DriftLog.load(path: Self.root.appendingPathComponent("drift-log/cr-only.json").path)
        #expect(log.entries.map(\.line) == [1, 3])  // "[{…,\r…},\r{…}]": the second entry opens on line 3
    }
}
