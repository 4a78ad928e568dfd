import DetectionCore
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
        if let problem = TeamFile.problem("submission.json", in: URL(fileURLWithPath: InputPaths.resolve(path))) {
            throw InputError(file: file, problem: problem)
        }
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

    /// The `source` object: the type for the gesture (`shakeDetector` or `shakeApp`, or `scribbleDetector`), an
    /// optional `proximityCheck` or `locationApp` type, an optional `files` list, and the optional
    /// `lowRateDelivery`, `swiftLanguageMode`, `defaultIsolation` and `upcomingFeatures`.
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
        if gesture == .scribble, let f = o.optional("shakeApp") {
            throw f.error("is for shake teams; this team's gesture is scribble")
        }
        let app = gesture == .shake ? try typeName("shakeApp") : nil
        let detector = try typeName(wanted)
        if app != nil, detector != nil, let f = o.optional("shakeApp") {
            throw f.error("and shakeDetector are exclusive: name the app object (shakeApp) or the detector type, not both")
        }
        guard detector != nil || app != nil else {
            let keys = gesture == .shake ? "source.shakeDetector or source.shakeApp" : "source.\(wanted)"
            throw InputError(file: o.file, line: o.line, field: keys, problem: "is required for a \(gesture.rawValue) team")
        }
        let check = try typeName("proximityCheck")
        let locationApp = try typeName("locationApp")
        if check != nil, locationApp != nil, let f = o.optional("locationApp") {
            throw f.error("and proximityCheck are exclusive: name the app object or the check type, not both")
        }
        func choice(_ key: String, _ allowed: [String]) throws(InputError) -> String? {
            guard let f = o.optional(key) else { return nil }
            let v = try f.string()
            guard allowed.contains(v) else {
                throw f.error("\"\(v)\" is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return v
        }
        let delivery = try choice("lowRateDelivery", HarnessTypes.lowRateDeliveryModels) ?? "latest"
        var features: [String] = []
        if let f = o.optional("upcomingFeatures") {
            for element in try f.array(count: 0...100) {
                let name = try element.string()
                guard CompileSettings.isFeatureName(name) else {
                    throw element.error("\"\(TeamFile.shown(name))\" is not an upcoming feature's name (ASCII letters and digits)")
                }
                features.append(name)
            }
        }
        let compile = CompileSettings(
            swiftLanguageMode: try choice("swiftLanguageMode", CompileSettings.languageModes) ?? "5",
            defaultIsolation: try choice("defaultIsolation", CompileSettings.isolations) ?? "nonisolated",
            upcomingFeatures: features)
        let all: [String]
        do { all = try SubmissionCompiler.swiftFilesRelative(in: folder) } catch {
            throw InputError(file: o.file, field: "source", problem: error.description)
        }
        let shownFolder = String(o.file.dropLast("submission.json".count))
        for name in all {
            if let problem = TeamFile.problem(name, in: folder) {
                throw InputError(file: shownFolder + TeamFile.shown(name), problem: problem)
            }
        }
        var files = all
        if let f = o.optional("files") {
            var listed: [String] = []
            for element in try f.array(count: 1...1000) {
                let name = try element.string()
                guard all.contains(name) else {
                    throw element.error(
                        "\"\(TeamFile.shown(name))\" is not a .swift file of the submission folder (found: "
                            + "\(all.map(TeamFile.shown).joined(separator: ", ")))")
                }
                guard !listed.contains(name) else { throw element.error("\"\(TeamFile.shown(name))\" is listed twice") }
                listed.append(name)
            }
            files = listed.sorted()
        }
        guard !files.isEmpty else {
            throw InputError(file: o.file, field: "source", problem: "the submission folder holds no .swift file")
        }
        try o.finish()
        var types = HarnessTypes(
            proximityCheck: check ?? locationApp, shakeApp: app, locationApp: locationApp, lowRateDelivery: delivery)
        types.compile = compile
        if gesture == .shake { types.shakeDetector = detector ?? app } else { types.scribbleDetector = detector }
        return Source(folder: folder, files: files, types: types)
    }
}

extension Submission {
    /// `"halls": "halls.gpx"` in a source submission: a GPX file inside the folder whose points (`wpt`, `rtept`
    /// or `trkpt`) are named as the rubric's halls; every name known, once. Errors name the GPX file and line.
    static func gpxHalls(_ field: JSONField, folder: URL, names: [String]) throws(InputError) -> [Coordinate?] {
        let name = try field.string()
        guard name.lowercased().hasSuffix(".gpx"), !name.hasPrefix("/"),
            !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
        else {
            throw field.error(
                "\"\(TeamFile.shown(name))\" is not a .gpx file inside the submission folder (a relative path, no ..)")
        }
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw field.error("\"\(TeamFile.shown(name))\" is not in the submission folder")
        }
        if let problem = TeamFile.problem(name, in: folder) {
            throw field.error("\"\(TeamFile.shown(name))\" \(problem)")
        }
        let shown = URL(fileURLWithPath: field.file).deletingLastPathComponent()
            .appendingPathComponent(name).relativePath
        let points = try GPXReader.read(path: shown)
        var halls: [Coordinate?] = Array(repeating: nil, count: names.count)
        for p in points {
            guard let n = p.name, let index = names.firstIndex(of: n) else {
                throw InputError(
                    file: shown, line: p.line, field: "name",
                    problem: "\(p.name.map { "\"\($0)\"" } ?? "a point without a name") is not a hall of the rubric"
                        + (p.name.map { KeySuggestion.didYouMean($0, among: names) } ?? "")
                        + " (known: \(names.joined(separator: ", ")))")
            }
            guard halls[index] == nil else {
                throw InputError(file: shown, line: p.line, field: "name", problem: "\"\(n)\" appears twice")
            }
            halls[index] = p.coordinate
        }
        guard !points.isEmpty else { throw InputError(file: shown, problem: "has no wpt, rtept or trkpt points") }
        return halls
    }
}
