import FileFormats
import Foundation
import MonteCarlo
import Reporting

/// Loads scenario files: size limit, JSON syntax, the study kind, then the study's own schema.
package enum ScenarioFile {
    /// Largest scenario or profile file read, bytes. A real scenario is a few kilobytes.
    package static let maximumFileBytes = 4 << 20
    /// The studies a scenario's `study` field may name.
    package static var studies: [String] { StudyRegistry.names }

    /// Reads and validates a scenario; nothing is run or written.
    ///
    /// The content hash is computed here, once: the bytes of every file the scenario read (``InputLog``) and the
    /// seed and trials per cell after the overrides.
    package static func load(path: String, overrides: RunOverrides = RunOverrides()) throws(InputError) -> Scenario {
        let url = URL(fileURLWithPath: InputPaths.resolve(path))
        let (study, log) = try InputLog.recording { () throws(InputError) -> any Study in
            let node = try parseJSON(at: url, displayPath: path)
            let reader = try JSONObjectReader(node, file: path, path: "")
            let kind = try reader.required("study").choice(studies)
            guard let type = StudyRegistry.study(named: kind) else {
                throw InputError(file: path, field: "study", problem: "is not implemented")
            }
            let source = ScenarioSource(file: path, folder: url.deletingLastPathComponent(), overrides: overrides)
            return try type.parse(reader, source: source)
        }
        let hash = ContentHash.of(log, seed: study.seed, trialsPerCell: study.trialsPerCell)
        return Scenario(study: study, file: path, contentHash: hash)
    }

    /// Reads a JSON file, refusing missing, oversized and malformed files with one clear line.
    package static func parseJSON(at given: URL, displayPath: String? = nil) throws(InputError) -> JSONNode {
        let shown = displayPath ?? given.path
        // A "Scenarios/…" path from a report or the docs also reads from outside the checkout.
        let url = displayPath.map { URL(fileURLWithPath: InputPaths.resolve($0)) } ?? given
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
        InputLog.note(path: shown, bytes: data)
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw InputError(file: shown, line: error.line, problem: "invalid JSON: \(error.message)")
        }
    }
}
