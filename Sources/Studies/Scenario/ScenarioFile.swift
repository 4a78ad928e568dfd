import FileFormats
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
    package static func parseJSON(at url: URL, displayPath: String? = nil) throws(InputError) -> JSONNode {
        let shown = displayPath ?? url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw InputError(.missingFile, file: shown, problem: "no such file")
        }
        guard !isFolder.boolValue else { throw InputError(.missingFile, file: shown, problem: "is a folder, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= maximumFileBytes else {
            throw InputError(file: shown, problem: "is \(size) bytes; scenario files are limited to \(maximumFileBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InputError(.missingFile, file: shown, problem: "cannot be read (permission?)")
        }
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw InputError(file: shown, line: error.line, problem: "invalid JSON: \(error.message)")
        }
    }
}
