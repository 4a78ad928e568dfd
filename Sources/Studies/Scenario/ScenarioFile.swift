import Foundation
import Reporting

/// Options from the command line that override a scenario's own values.
public struct RunOverrides: Sendable, Equatable {
    public var trialsPerCell: Int?
    public var seed: UInt64?
    public init(trialsPerCell: Int? = nil, seed: UInt64? = nil) {
        self.trialsPerCell = trialsPerCell
        self.seed = seed
    }
}

/// Loads scenario files: size limit, JSON syntax, the study kind, then the study's own schema.
public enum ScenarioFile {
    /// Largest scenario or profile file read, bytes. A real scenario is a few kilobytes.
    public static let maximumFileBytes = 4 << 20
    /// The studies a scenario's `study` field may name.
    public static let studies = ["drift", "shake", "scribble", "geofence"]

    /// Reads and validates a scenario; nothing is run or written.
    public static func load(path: String, overrides: RunOverrides = RunOverrides()) throws(InputError) -> Scenario {
        let url = URL(fileURLWithPath: ScenarioLocator.inputPath(path))
        let node = try parseJSON(at: url, displayPath: path)
        let reader = try JSONObjectReader(node, file: path, path: "")
        let study = try reader.required("study").choice(studies)
        let folder = url.deletingLastPathComponent()
        let scenario: Scenario
        switch study {
        case "drift":
            scenario = .drift(try DriftScenario.parse(reader, file: path, folder: folder, overrides: overrides))
        case "shake":
            scenario = .shake(try ShakeScenario.parse(reader, file: path, overrides: overrides))
        case "scribble":
            scenario = .scribble(try ScribbleScenario.parse(reader, file: path, overrides: overrides))
        case "geofence":
            scenario = .geofence(try GeofenceScenario.parse(reader, file: path, folder: folder, overrides: overrides))
        default:
            throw InputError(file: path, field: "study", problem: "is not implemented")
        }
        try checkFileName(scenario.name, field: try reader.required("name"), use: "a report folder name", suffixBytes: 0)
        return scenario
    }

    /// Longest file or folder name (one path component) a file system takes, bytes of UTF-8 (NAME_MAX, ext4 and
    /// APFS alike).
    public static let maximumNameBytes = 255

    /// Room a report folder's name needs beside it for its temporary and lock names (`.<name>.tmp-<pid>`).
    static let temporaryNameBytes = ".".utf8.count + ".tmp-".utf8.count + 10

    /// Refuses a name that would make a file or folder name over ``maximumNameBytes`` once `suffixBytes` (an
    /// extension) and the temporary name's extra bytes are added: checked at validation, not found at write time.
    static func checkFileName(_ name: String, field: JSONField, use: String, suffixBytes: Int) throws(InputError) {
        let limit = maximumNameBytes - temporaryNameBytes - suffixBytes
        guard name.utf8.count <= limit else {
            throw field.error(
                "is \(name.utf8.count) bytes in UTF-8; as \(use) it may have at most \(limit) "
                    + "(the file system's limit of \(maximumNameBytes) bytes per name, less room for temporary names)")
        }
    }

    /// Reads a JSON file, refusing missing, oversized and malformed files with one clear line.
    static func parseJSON(at given: URL, displayPath: String? = nil) throws(InputError) -> JSONNode {
        let shown = displayPath ?? given.path
        // A "Scenarios/…" path from a report or the docs also reads from outside the checkout.
        let url = displayPath.map { URL(fileURLWithPath: ScenarioLocator.inputPath($0)) } ?? given
        let data = try InputFile.read(url.path, shown: shown, limit: maximumFileBytes, what: "scenario files")
        do {
            return try JSONParser.parse(data)
        } catch {
            throw InputError(file: shown, line: error.line, problem: "invalid JSON: \(error.message)")
        }
    }
}
