import DetectionCore
import FileFormats
import Foundation
import SourceSubmissions
import Studies

/// One team's choices: the gesture and its detector, the proximity check, the hall coordinates, manual points.
package struct Submission: Sendable {
    /// The gesture detector, in the core's configuration vocabulary.
    package enum Detector: Sendable, Equatable {
        case shake(ShakeDetectorConfiguration)
        case scribble(ScribbleDetectorConfiguration)
        /// A source team's own detector type (compiled and run in its harness); one setting per team.
        case source(GestureChoice, team: String, type: String)

        package var gesture: GestureChoice {
            switch self {
            case .shake: return .shake
            case .scribble: return .scribble
            case .source(let g, _, _): return g
            }
        }

        /// A shipped shake detector (run in-process).
        var isShippedShake: Bool {
            if case .shake = self { return true }
            return false
        }

        /// A shipped scribble detector (run in-process).
        var isShippedScribble: Bool {
            if case .scribble = self { return true }
            return false
        }
    }

    /// A source submission's folder and types.
    package struct Source: Sendable, Equatable {
        /// The submission folder (holding `submission.json`).
        package var folder: URL
        /// The `.swift` files compiled, relative to the folder, in order.
        package var files: [String]
        package var types: HarnessTypes
    }

    /// Team id (letters, digits, '-', '_'): the report's file name.
    package let team: String
    package let file: String
    package let detector: Detector
    package let check: ProximityCheckConfiguration
    /// The team's coordinates per reference place (same order as the rubric's places); nil: the team left it out.
    package let halls: [Coordinate?]
    /// Staff's points per manual criterion id.
    package let manualPoints: [String: Double]
    /// The team's own code (a source submission), nil for a JSON submission.
    package var source: Source?
    /// The `student` key as written (a gradebook identifier), nil when the file has none.
    package var studentKey: String?

    /// The student identifier of the gradebook: the `student` key, else the submission's folder (a source
    /// submission's `submission.json`) or file name without `.json`.
    package var student: String {
        if let studentKey { return studentKey }
        let url = URL(fileURLWithPath: file)
        if url.lastPathComponent == "submission.json" { return url.deletingLastPathComponent().lastPathComponent }
        return url.deletingPathExtension().lastPathComponent
    }

    package init(
        team: String, file: String, detector: Detector, check: ProximityCheckConfiguration, halls: [Coordinate?],
        manualPoints: [String: Double]
    ) {
        self.team = team
        self.file = file
        self.detector = detector
        self.check = check
        self.halls = halls
        self.manualPoints = manualPoints
    }

    // MARK: - Reading

    /// Reads and validates a submission against a rubric (hall names and manual criteria).
    ///
    /// - Throws: ``InputError`` naming the file, line and field.
    package static func load(path: String, rubric: Rubric) throws(InputError) -> Submission {
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: path), displayPath: path)
        return try parse(node, file: path, rubric: rubric)
    }

    /// Reads a submission object; with `folder` (a source submission's `submission.json`) `source` replaces
    /// `detector`, and `proximityCheck` is absent exactly when `source` names a check type.
    static func parse(_ node: JSONNode, file: String, rubric: Rubric, folder: URL? = nil) throws(InputError) -> Submission {
        let r = try JSONObjectReader(node, file: file, path: "")
        let teamField = try r.required("team")
        let team = try teamField.nonEmptyString(maximumLength: 80)
        guard team.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw teamField.error("is used as a file name: letters, digits, '-' and '_' only")
        }
        try ScenarioFile.checkFileName(team, field: teamField, use: "a report file name (<team>.md)", suffixBytes: 3)
        guard !GradeReport.reservedNames.contains(team.lowercased()) else {
            throw teamField.error("\"\(team)\" would be the file of the class summary (summary.md); choose another team name")
        }
        let gestureField = try r.required("gesture")
        let gesture = GestureChoice(rawValue: try gestureField.choice(GestureChoice.allCases.map(\.rawValue))) ?? .shake
        let detector: Detector
        let check: ProximityCheckConfiguration
        var source: Source?
        if let folder {
            let read = try readSource(try r.required("source").object(), gesture: gesture, team: team, folder: folder)
            source = read
            detector = .source(
                gesture, team: team, type: gesture == .shake ? read.types.shakeDetector ?? "" : read.types.scribbleDetector ?? "")
            if read.types.proximityCheck != nil {
                if let f = r.optional("proximityCheck") {
                    throw f.error("must be absent: source.proximityCheck names the team's own check type")
                }
                check = ProximityCheckConfiguration(kind: .naive)
            } else {
                check = try readCheck(try r.required("proximityCheck").object())
            }
        } else {
            detector = try readDetector(try r.required("detector").object(), gesture: gesture)
            check = try readCheck(try r.required("proximityCheck").object())
        }

        // Halls by reference name; every name must be known and appear once.
        let names = rubric.places.map(\.name)
        var halls: [Coordinate?] = Array(repeating: nil, count: names.count)
        let hallsField = try r.required("halls")
        if let folder, case .string = hallsField.node.value {
            halls = try gpxHalls(hallsField, folder: folder, names: names)
        } else {
            try listedHalls(hallsField, names: names, into: &halls)
        }
        let studentKey = try r.optional("student")?.nonEmptyString(maximumLength: 200)
        var manual: [String: Double] = [:]
        if let m = try r.optional("manualPoints")?.object() {
            for key in m.keys {
                guard let f = m.optional(key) else { continue }
                guard let criterion = rubric.criteria.first(where: { $0.id == key && $0.isManual }) else {
                    throw f.error("is not a manual criterion of the rubric (known: \(rubric.manualIDs.joined(separator: ", ")))")
                }
                manual[key] = try f.double(in: 0...criterion.points)
            }
        }
        try r.finish()
        var s = Submission(team: team, file: file, detector: detector, check: check, halls: halls, manualPoints: manual)
        s.source = source
        s.studentKey = studentKey
        return s
    }

    /// The JSON list of halls: each `{name, latitude, longitude}`, every name a rubric hall, once.
    static func listedHalls(_ field: JSONField, names: [String], into halls: inout [Coordinate?]) throws(InputError) {
        for element in try field.array(count: 1...1000) {
            let o = try element.object()
            let nameField = try o.required("name")
            let name = try nameField.string()
            guard let index = names.firstIndex(of: name) else {
                throw nameField.error(
                    "\"\(name)\" is not a hall of the rubric" + KeySuggestion.didYouMean(name, among: names)
                        + " (known: \(names.joined(separator: ", ")))")
            }
            guard halls[index] == nil else { throw nameField.error("\"\(name)\" appears twice") }
            let lat = try o.required("latitude").double(in: -90...90)
            let lon = try o.required("longitude").double(in: -180...180)
            try o.finish()
            halls[index] = Coordinate(latitudeDegrees: lat, longitudeDegrees: lon)
        }
    }

    /// The detector object: `kind` and the kind's parameters; missing keys take the kind's preset.
    static func readDetector(_ o: JSONObjectReader, gesture: GestureChoice) throws(InputError) -> Detector {
        let kindField = try o.required("kind")
        switch gesture {
        case .shake:
            let kinds = ShakeDetectorKind.allCases.map(\.rawValue)
            let raw = try kindField.string()
            guard let kind = ShakeDetectorKind(rawValue: raw) else {
                throw kindField.error("unknown shake detector kind \"\(raw)\" (known: \(kinds.joined(separator: ", ")))")
            }
            let lines = try fields(o, known: kind.vocabulary.map(\.key), type: "ShakeDetectorConfiguration")
            let c = try JSONNodeDecoder.decode(ShakeDetectorConfiguration.self, from: o)
            // The simulation feeds Core Motion's userAcceleration (gravity removed), as the assignment does;
            // only raw-magnitude reads raw readings (the simulation adds gravity for it).
            if c.inputIncludesGravity, !kind.thresholdsRawReadings, let f = lines["inputIncludesGravity"] {
                throw f.error(
                    "must be false for \(kind.rawValue): the graded app feeds userAcceleration "
                        + "(use kind raw-magnitude to threshold raw readings, gravity included)")
            }
            try o.finish()
            try refuse(c.validationProblems(), lines: lines, o, presetNote: " (the \(kind.rawValue) preset)")
            return .shake(c)
        case .scribble:
            let kinds = ScribbleDetectorKind.allCases.map(\.rawValue)
            let raw = try kindField.string()
            guard let kind = ScribbleDetectorKind(rawValue: raw) else {
                throw kindField.error("unknown scribble detector kind \"\(raw)\" (known: \(kinds.joined(separator: ", ")))")
            }
            let lines = try fields(o, known: kind.vocabulary.map(\.key), type: "ScribbleDetectorConfiguration")
            let c = try JSONNodeDecoder.decode(ScribbleDetectorConfiguration.self, from: o)
            try o.finish()
            try refuse(c.validationProblems(), lines: lines, o)
            return .scribble(c)
        }
    }

    /// The proximity check: `kind` and the keys that kind reads (its declaration, `ProximityCheckKind.parameters`;
    /// same defaults); a key of the vocabulary the kind does not read is refused.
    static func readCheck(_ o: JSONObjectReader) throws(InputError) -> ProximityCheckConfiguration {
        let kindField = try o.required("kind")
        let raw = try kindField.string()
        guard let kind = ProximityCheckKind(rawValue: raw) else {
            throw kindField.error(
                "unknown proximity check kind \"\(raw)\" (known: "
                    + ProximityCheckKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let reads = kind.parameters.map(\.key)
        let unread = kind.vocabulary.map(\.key).filter { !reads.contains($0) }
        let lines = try fields(
            o, known: reads, type: "ProximityCheckConfiguration",
            unread: unread.isEmpty ? nil : (keys: unread, kind: raw))
        let c = try JSONNodeDecoder.decode(ProximityCheckConfiguration.self, from: o)
        try o.finish()
        try refuse(c.validationProblems(), lines: lines, o)
        return c
    }

    /// The detector object's fields by key, refusing a key outside `known` (the kind's declared keys, so the list
    /// cannot drift from the core's) and a key set to `null` (issue 29: it was graded at the preset).
    ///
    /// - Parameter unread: keys of the vocabulary that `kind` does not read, refused as such.
    static func fields(
        _ o: JSONObjectReader, known: [String], type: String, unread: (keys: [String], kind: String)? = nil
    ) throws(InputError) -> [String: JSONField] {
        var lines: [String: JSONField] = [:]
        for key in o.keys where key != "kind" {
            guard let f = o.optional(key) else { continue }
            if let unread, unread.keys.contains(key) {
                throw f.error("is not read by \(unread.kind) (it reads: \(known.joined(separator: ", ")))")
            }
            guard known.contains(key) else { throw f.error("is not a \(type) key (known: kind, \(known.joined(separator: ", ")))") }
            // The decoder reads null as absent, which would grade the team at the preset's value it did not write.
            if case .null = f.node.value {
                throw f.error("is null: give a value, or leave the key out to take the kind's preset")
            }
            lines[key] = f
        }
        return lines
    }

    /// Refuses the core's first validation problem on the line of the key that caused it.
    ///
    /// - Parameter presetNote: appended when the key is not in the file (the value came from a preset).
    static func refuse(
        _ problems: [(field: String, problem: String)], lines: [String: JSONField], _ o: JSONObjectReader,
        presetNote: String = ""
    ) throws(InputError) {
        guard let p = problems.first else { return }
        let f = lines[p.field]
        throw InputError(
            file: o.file, line: f?.node.line ?? o.line, field: f?.path ?? "\(o.path).\(p.field)",
            problem: p.problem + (f == nil ? presetNote : ""))
    }
}
