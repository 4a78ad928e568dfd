import FileFormats
import Foundation
import Grading
import Recordings
import Reporting
import Studies

/// One kind of file sensorbench reads: its `validate --kind` name, what it is called, which commands read it, how
/// it is told from its content, and how `validate` reads it.
///
/// The JSON kinds are told apart by their parsed top level (``fits``), tried in the order of ``allCases``; the
/// others (sensor recordings, GPX) by their first bytes (``FileIdentification``). Every command that reads a file
/// asks ``expect(_:file:command:)`` first, so a file of another kind is named for what it is ("walk.csv: is a
/// Sensor Logger gyroscope CSV; `walks` reads a drift log (JSON)") instead of getting its parser's complaint.
///
/// Adding a kind is one static member, one line in ``allCases`` and its line in `ValidateKindsTests`; `validate
/// --help` lists it from the registry, and `FileKindTests` fails for a registered kind that nothing recognises.
package struct InputKind: Sendable, Equatable, CustomStringConvertible {
    /// The `validate --kind` name.
    package let rawValue: String
    /// What the kind is called in messages: "a drift log (JSON)".
    let noun: String
    /// How the kind is recognised, for `validate --help`.
    let detection: String
    /// What the top level needs, for the "fits no input kind" line.
    let signature: String
    /// Whether a parsed JSON top level is this kind (`nil` for kinds that are not JSON inputs).
    let fits: (@Sendable (JSONNode) -> Bool)?
    /// The categories of first-bytes description (``FileIdentification/describe(prefix:fileName:)``) of this kind.
    let described: Set<FileDescription.Category>
    /// `validate`'s reading: one line of what the file holds, or the reader's error.
    let validate: @Sendable (_ file: String, _ rubric: String?) throws -> String

    package var description: String { rawValue }

    package static func == (a: InputKind, b: InputKind) -> Bool { a.rawValue == b.rawValue }

    package init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    init(
        _ rawValue: String, noun: String, detection: String, signature: String,
        fits: (@Sendable (JSONNode) -> Bool)? = nil, described: Set<FileDescription.Category> = [],
        validate: @escaping @Sendable (String, String?) throws -> String
    ) {
        self.rawValue = rawValue
        self.noun = noun
        self.detection = detection
        self.signature = signature
        self.fits = fits
        self.described = described
        self.validate = validate
    }

    /// Every kind, in the order the JSON kinds are tried (the first that fits).
    package static let allCases: [InputKind] = [
        .scenario, .rubric, .submission, .detector, .places, .profile, .driftLog, .recording, .gpx,
    ]

    /// The kind a parsed file's top level fits, or `nil`.
    static func detect(_ node: JSONNode) -> InputKind? {
        allCases.first { $0.fits?(node) ?? false }
    }

    // MARK: - Telling a file's kind

    /// What a file is: its kind when it is one sensorbench reads, and the words that name it ("a Sensor Logger
    /// gyroscope CSV", "a rubric (JSON)"); `nil` words for a file that is none of them and not recognisably
    /// anything else (left to the reader, whose message is then the best one).
    struct Identity {
        let kind: InputKind?
        let words: String
    }

    /// The identity of `file`, or `nil` when its content says nothing (an unknown text, invalid JSON, a JSON
    /// value of no kind).
    ///
    /// - Throws: ``InputError`` for a file that cannot be opened (missing, a folder, a FIFO): the same line the
    ///   reader would give.
    static func identify(_ file: String) throws(InputError) -> Identity? {
        let prefix = try FileIdentification.prefix(of: file, shown: file)
        let name = URL(fileURLWithPath: file).lastPathComponent
        if let found = FileIdentification.describe(prefix: prefix, fileName: name) {
            return Identity(kind: allCases.first { $0.described.contains(found.category) }, words: found.words)
        }
        let first = prefix.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        let path = InputPaths.resolve(file)
        guard let bytes = try? InputFile.read(path, shown: file, limit: ScenarioFile.maximumFileBytes, what: "JSON files"),
            let node = try? JSONParser.parse(bytes), let kind = detect(node)
        else { return nil }
        return Identity(kind: kind, words: kind.noun)
    }

    /// Refuses a file of another kind than `accepted`, naming both: "walk.csv: is a Sensor Logger gyroscope CSV;
    /// `walks` reads a drift log (JSON)". A file whose kind cannot be told is left to the command's reader.
    ///
    /// - Throws: ``InputError`` (exit 65), or the missing-file error (exit 66).
    static func expect(_ accepted: InputKind..., file: String, command: String) throws(InputError) {
        guard let identity = try identify(file) else { return }
        if let kind = identity.kind, accepted.contains(kind) { return }
        let wanted = accepted.map(\.noun)
        let reads = wanted.count == 1 ? wanted[0] : wanted.dropLast().joined(separator: ", ") + " or " + wanted[wanted.count - 1]
        throw InputError(file: file, problem: "is \(identity.words); `\(command)` reads \(reads)")
    }

    // MARK: - The kinds

    /// Whether the top level is an object with one of `keys`.
    static func object(with keys: Set<String>) -> @Sendable (JSONNode) -> Bool {
        { node in
            guard case .object(let members) = node.value else { return false }
            return members.contains { keys.contains($0.key) }
        }
    }

    /// Whether the top level carries a gyro profile's own `"kind"` (`"device"` or `"class"`), which a detector
    /// configuration's `"kind"` never is.
    static func profileKind(_ node: JSONNode) -> Bool {
        guard case .object(let members) = node.value, let kind = members.first(where: { $0.key == "kind" }),
            case .string(let text) = kind.node.value
        else { return false }
        return text == "device" || text == "class"
    }

    static let scenario = InputKind(
        "scenario", noun: "a scenario (JSON)", detection: "an object with \"study\" (run)", signature: "\"study\"",
        fits: object(with: ["study"])
    ) { file, _ in
        let scenario = try ScenarioFile.load(path: file)
        return "\(scenario.kind) scenario \"\(scenario.name)\", \(count(scenario.cellCount, "cell")), "
            + "\(count(scenario.totalTrials, "trial"))"
    }

    static let rubric = InputKind(
        "rubric", noun: "a rubric (JSON)", detection: "an object with \"criteria\" (grade --rubric)", signature: "\"criteria\"",
        fits: object(with: ["criteria"])
    ) { file, _ in
        let rubric = try Rubric.load(path: file)
        return "rubric \"\(rubric.name)\", \(count(rubric.criteria.count, "criterion", "criteria")), "
            + "\(count(rubric.suites.count, "suite"))"
    }

    static let submission = InputKind(
        "submission", noun: "a submission (JSON, or a source submission folder)",
        detection: "an object with \"team\" and \"gesture\" (grade)", signature: "\"team\" and \"gesture\"",
        fits: { node in
            guard case .object(let members) = node.value else { return false }
            let keys = Set(members.map(\.key))
            return keys.contains("team") && keys.contains("gesture")
        }
    ) { file, rubricPath in
        let url = URL(fileURLWithPath: InputPaths.resolve(file))
        if url.lastPathComponent == "submission.json",
            case .object(let members) = try ScenarioFile.parseJSON(at: url, displayPath: file).value,
            members.contains(where: { $0.key == "source" })
        {
            let folder = PathText.parent(of: file)
            return try ValidateCommand.validateSource(folder: folder.isEmpty ? "." : folder, rubric: rubricPath)
        }
        let rubric = try Rubric.load(path: try ValidateCommand.submissionRubric(rubricPath))
        let submission = try Submission.load(path: file, rubric: rubric)
        let gesture = if case .shake = submission.detector { "shake" } else { "scribble" }
        return "submission \"\(submission.team)\" (\(gesture), \(submission.check.kind.rawValue) check), "
            + "checked against rubric \"\(rubric.name)\""
    }

    static let detector = InputKind(
        "detector", noun: "a replay detector configuration (JSON)",
        detection: "an object with \"detector\" or \"kind\" (replay --detector)", signature: "\"detector\" or \"kind\"",
        fits: { node in object(with: ["detector", "kind"])(node) && !profileKind(node) }
    ) { file, _ in
        "detector configuration, \(try ReplayConfiguration.load(path: file).detectorName)"
    }

    static let places = InputKind(
        "places", noun: "a places file (JSON)",
        detection: "an object with \"places\" (a scenario's or rubric's places, replay --places)", signature: "\"places\"",
        fits: object(with: ["places"])
    ) { file, _ in
        let url = URL(fileURLWithPath: InputPaths.resolve(file))
        let field = JSONField(node: JSONNode(value: .string(url.path), line: 1), file: file, path: "places")
        let set = try PlaceSet.read(field, folder: url.deletingLastPathComponent())
        let variants = set.variants.keys.sorted()
        return "places, \(count(set.places.count, "place"))"
            + (variants.isEmpty ? "" : ", \(count(variants.count, "variant")) (\(variants.joined(separator: ", ")))")
    }

    static let profile = InputKind(
        "profile", noun: "a gyro profile (JSON)",
        detection: "an object with a gyro model key such as \"noiseDensityDegPerSecPerRootHz\" (a scenario's profile)",
        signature: "a gyro model key such as \"sampleRateHz\"",
        fits: { node in
            guard case .object(let members) = node.value else { return false }
            return profileKind(node) || members.contains { ProfileReader.fieldNames.contains($0.key) }
        }
    ) { file, _ in
        let url = URL(fileURLWithPath: InputPaths.resolve(file))
        let node = try ScenarioFile.parseJSON(at: url, displayPath: file)
        let reader = try JSONObjectReader(node, file: file, path: "")
        let stem = url.deletingPathExtension().lastPathComponent
        let profile = try ProfileReader.parse(reader, fallbackName: stem)
        guard profile.name == stem else {
            throw InputError(
                file: file, line: reader.line, field: "name",
                problem: "is \"\(profile.name)\" but the file is named \(stem).json (a scenario names a profile by its file name)")
        }
        return "profile \"\(profile.name)\", sample rate \(try Format.fixed(profile.sampleRateHz, decimals: 0)) Hz"
    }

    static let driftLog = InputKind(
        "drift-log", noun: "a drift log (JSON)", detection: "an array (walks)", signature: "a top-level array",
        fits: { node in
            if case .array = node.value { return true }
            return false
        }
    ) { file, _ in
        let log = try DriftLog.load(path: file)
        return "drift log, \(count(log.entries.count, "usable entry", "usable entries")), \(log.skipped.count) skipped"
    }

    static let recording = InputKind(
        "recording", noun: "a sensor recording (a CSV of a known layout, a zip export or a Sensor Logger JSON export)",
        detection: "a sensor CSV header (FORMATS of allan), a zip or a Sensor Logger JSON export (allan, calibrate, replay)",
        signature: "a sensor CSV header",
        described: [.sensorCSV, .locationCSV, .archive, .sensorLoggerJSON]
    ) { file, _ in try RecordingValidation.line(file) }

    static let gpx = InputKind(
        "gpx", noun: "a GPX file", detection: "XML with <gpx (a scenario's path, gpx commands)", signature: "<gpx",
        described: [.gpx]
    ) { file, _ in
        let points = try GPXReader.read(path: file)
        return "GPX, \(count(points.count, "point"))"
    }

    /// "1 cell", "12 cells".
    static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String { "\(n) \(n == 1 ? one : many ?? one + "s")" }
}
