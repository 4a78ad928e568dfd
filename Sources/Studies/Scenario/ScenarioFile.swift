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
        let url = URL(fileURLWithPath: path)
        let node = try parseJSON(at: url, displayPath: path)
        let reader = try JSONObjectReader(node, file: path, path: "")
        let study = try reader.required("study").choice(studies)
        let folder = url.deletingLastPathComponent()
        switch study {
        case "drift":
            return .drift(try DriftScenario.parse(reader, file: path, folder: folder, overrides: overrides))
        case "shake":
            return .shake(try ShakeScenario.parse(reader, file: path, overrides: overrides))
        case "scribble":
            return .scribble(try ScribbleScenario.parse(reader, file: path, overrides: overrides))
        case "geofence":
            return .geofence(try GeofenceScenario.parse(reader, file: path, folder: folder, overrides: overrides))
        default:
            throw InputError(file: path, field: "study", problem: "is not implemented")
        }
    }

    /// Reads a JSON file, refusing missing, oversized and malformed files with one clear line.
    static func parseJSON(at url: URL, displayPath: String? = nil) throws(InputError) -> JSONNode {
        let shown = displayPath ?? url.path
        let data = try InputFile.read(url.path, shown: shown, limit: maximumFileBytes, what: "scenario files")
        do {
            return try JSONParser.parse(data)
        } catch {
            throw InputError(file: shown, line: error.line, problem: "invalid JSON: \(error.message)")
        }
    }
}
