import FileFormats
import Foundation
import SourceSubmissions
import Studies

// MARK: - Source submissions: a folder with submission.json and the team's Swift files

extension Submission {
    /// Reads `<folder>/submission.json` (errors name that file, line and field).
    ///
    /// - Throws: ``InputError``.
    package static func load(folder path: String, rubric: Rubric) throws(InputError) -> Submission {
        let file = URL(fileURLWithPath: path).appendingPathComponent("submission.json").relativePath
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: InputPaths.resolve(file)), displayPath: file)
        return try parse(node, file: file, rubric: rubric, folder: URL(fileURLWithPath: InputPaths.resolve(path)))
    }

    /// Whether `path` is a source submission folder (a folder holding `submission.json`).
    package static func isSourceFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        let actual = InputPaths.resolve(path)
        return FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder) && isFolder.boolValue
            && FileManager.default.fileExists(atPath: URL(fileURLWithPath: actual).appendingPathComponent("submission.json").path)
    }

    /// The `source` object: the type for the gesture (`shakeDetector` or `scribbleDetector`), an optional
    /// `proximityCheck` type and an optional `files` list.
    static func readSource(
        _ o: JSONObjectReader, gesture: GestureChoice, team: String, folder: URL
    ) throws(InputError) -> Source {
        func typeName(_ key: String) throws(InputError) -> String? {
            guard let f = o.optional(key) else { return nil }
            let name = try f.string()
            guard HarnessTypes.isTypeName(name) else {
                throw f.error("\"\(name)\" is not a Swift type name (identifiers joined by dots)")
            }
            return name
        }
        let wanted = gesture == .shake ? "shakeDetector" : "scribbleDetector"
        let other = gesture == .shake ? "scribbleDetector" : "shakeDetector"
        if let f = o.optional(other) {
            throw f.error("is for \(other == "shakeDetector" ? "shake" : "scribble") teams; this team's gesture is \(gesture.rawValue)")
        }
        guard let detector = try typeName(wanted) else {
            throw InputError(file: o.file, line: o.line, field: "source.\(wanted)", problem: "is required for a \(gesture.rawValue) team")
        }
        let check = try typeName("proximityCheck")
        let all: [String]
        do { all = try SubmissionCompiler.swiftFilesRelative(in: folder) } catch {
            throw InputError(file: o.file, field: "source", problem: error.description)
        }
        var files = all
        if let f = o.optional("files") {
            var listed: [String] = []
            for element in try f.array(count: 1...1000) {
                let name = try element.string()
                guard all.contains(name) else {
                    throw element.error("\"\(name)\" is not a .swift file of the submission folder (found: \(all.joined(separator: ", ")))")
                }
                guard !listed.contains(name) else { throw element.error("\"\(name)\" is listed twice") }
                listed.append(name)
            }
            files = listed.sorted()
        }
        guard !files.isEmpty else {
            throw InputError(file: o.file, field: "source", problem: "the submission folder holds no .swift file")
        }
        try o.finish()
        var types = HarnessTypes(proximityCheck: check)
        if gesture == .shake { types.shakeDetector = detector } else { types.scribbleDetector = detector }
        return Source(folder: folder, files: files, types: types)
    }
}
