import FileFormats
import Foundation
import MonteCarlo

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
            let study = try type.parse(reader, source: source)
            try checkFileName(study.name, field: try reader.required("name"), use: "a report folder name", suffixBytes: 0)
            return study
        }
        let hash = ContentHash.of(log, seed: study.seed, trialsPerCell: study.trialsPerCell)
        return Scenario(study: study, file: path, contentHash: hash)
    }

    /// Longest file or folder name (one path component) a file system takes, bytes of UTF-8 (NAME_MAX, ext4 and
    /// APFS alike).
    package static let maximumNameBytes = 255

    /// Room a report folder's name needs beside it for its temporary and lock names (`.<name>.tmp-<pid>`).
    package static let temporaryNameBytes = ".".utf8.count + ".tmp-".utf8.count + 10

    /// Refuses a name that would make a file or folder name over ``maximumNameBytes`` once `suffixBytes` (an
    /// extension) and the temporary name's extra bytes are added: checked at validation, not found at write time.
    package static func checkFileName(_ name: String, field: JSONField, use: String, suffixBytes: Int) throws(InputError) {
        let limit = maximumNameBytes - temporaryNameBytes - suffixBytes
        guard name.utf8.count <= limit else {
            throw field.error(
                "is \(name.utf8.count) bytes in UTF-8; as \(use) it may have at most \(limit) "
                    + "(the file system's limit of \(maximumNameBytes) bytes per name, less room for temporary names)")
        }
    }

    /// Reads a JSON file, refusing missing, oversized and malformed files with one clear line.
    package static func parseJSON(at given: URL, displayPath: String? = nil) throws(InputError) -> JSONNode {
        let shown = displayPath ?? given.path
        // A "Scenarios/…" path from a report or the docs also reads from outside the checkout.
        let url = displayPath.map { URL(fileURLWithPath: InputPaths.resolve($0)) } ?? given
        let data = try InputFile.read(url.path, shown: shown, limit: maximumFileBytes, what: "scenario files")
        InputLog.note(path: shown, bytes: Data(data))
        do {
            return try JSONParser.parse(data)
        } catch {
            // A duplicate key names its field (`s.json:3: grid.profile: duplicate key`); other errors are syntax.
            if !error.field.isEmpty { throw InputError(file: shown, line: error.line, field: error.field, problem: error.message) }
            throw InputError(file: shown, line: error.line, problem: "invalid JSON: \(error.message)")
        }
    }
}
