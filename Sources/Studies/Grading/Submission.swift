import DetectionCore
import Foundation

/// One team's choices: the gesture and its detector, the proximity check, the hall coordinates, manual points.
public struct Submission: Sendable {
    /// The gesture detector, in the core's configuration vocabulary.
    public enum Detector: Sendable, Equatable {
        case shake(ShakeDetectorConfiguration)
        case scribble(ScribbleDetectorConfiguration)

        public var gesture: GestureChoice {
            switch self {
            case .shake: return .shake
            case .scribble: return .scribble
            }
        }
    }

    /// Team id (letters, digits, '-', '_'): the report's file name.
    public let team: String
    public let file: String
    public let detector: Detector
    public let check: ProximityCheckConfiguration
    /// The team's coordinates per reference place (same order as the rubric's places); nil: the team left it out.
    public let halls: [Coordinate?]
    /// Staff's points per manual criterion id.
    public let manualPoints: [String: Double]

    // MARK: - Reading

    static let shakeKeys = [
        "thresholdG", "requiredCount", "windowSeconds", "requiredFraction", "minimumWindowSpanSeconds",
        "minimumSampleCount", "cooldownSeconds", "inputIncludesGravity", "gravityTimeConstantSeconds",
    ]
    static let scribbleKeys = [
        "requiredReversals", "minimumTravelPoints", "pathToDiagonalRatio", "windowSeconds",
        "cooldownSeconds", "firesOncePerGesture",
    ]
    static let checkKeys = [
        "radiusMeters", "maximumAccuracyMeters", "requiredConsecutiveFixes", "dwellSeconds",
        "exitMarginMeters",
    ]

    /// Reads and validates a submission against a rubric (hall names and manual criteria).
    ///
    /// - Throws: ``InputError`` naming the file, line and field.
    public static func load(path: String, rubric: Rubric) throws(InputError) -> Submission {
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: path), displayPath: path)
        return try parse(node, file: path, rubric: rubric)
    }

    static func parse(_ node: JSONNode, file: String, rubric: Rubric) throws(InputError) -> Submission {
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
        let detector = try readDetector(try r.required("detector").object(), gesture: gesture)
        let check = try readCheck(try r.required("proximityCheck").object())

        // Halls by reference name; every name must be known and appear once.
        let names = rubric.places.map(\.name)
        var halls: [Coordinate?] = Array(repeating: nil, count: names.count)
        for element in try r.required("halls").array(count: 1...1000) {
            let o = try element.object()
            let nameField = try o.required("name")
            let name = try nameField.string()
            guard let index = names.firstIndex(of: name) else {
                throw nameField.error("\"\(name)\" is not a hall of the rubric (known: \(names.joined(separator: ", ")))")
            }
            guard halls[index] == nil else { throw nameField.error("\"\(name)\" appears twice") }
            let lat = try o.required("latitude").double(in: -90...90)
            let lon = try o.required("longitude").double(in: -180...180)
            try o.finish()
            halls[index] = Coordinate(latitudeDegrees: lat, longitudeDegrees: lon)
        }
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
        return Submission(team: team, file: file, detector: detector, check: check, halls: halls, manualPoints: manual)
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
            var c = ShakeDetectorConfiguration(kind: kind)
            var lines: [String: JSONField] = [:]
            for key in o.keys where key != "kind" {
                guard let f = o.optional(key) else { continue }
                guard shakeKeys.contains(key) else {
                    throw f.error("is not a ShakeDetectorConfiguration key (known: kind, \(shakeKeys.joined(separator: ", ")))")
                }
                lines[key] = f
                switch key {
                case "thresholdG": c.thresholdG = try f.double()
                case "requiredCount": c.requiredCount = try f.integer(in: -1_000_000...1_000_000)
                case "windowSeconds": c.windowSeconds = try f.double()
                case "requiredFraction": c.requiredFraction = try f.double()
                case "minimumWindowSpanSeconds": c.minimumWindowSpanSeconds = try f.double()
                case "minimumSampleCount": c.minimumSampleCount = try f.integer(in: -1_000_000_000...1_000_000_000)
                case "cooldownSeconds": c.cooldownSeconds = try f.double()
                case "gravityTimeConstantSeconds": c.gravityTimeConstantSeconds = try f.double()
                default:
                    // The simulation feeds Core Motion's userAcceleration (gravity removed), as the assignment does;
                    // only raw-magnitude reads raw readings (the simulation adds gravity for it).
                    let value = try f.bool()
                    if value && kind != .rawMagnitude {
                        throw f.error(
                            "must be false for \(kind.rawValue): the graded app feeds userAcceleration "
                                + "(use kind raw-magnitude to threshold raw readings, gravity included)")
                    }
                    c.inputIncludesGravity = value
                }
            }
            try o.finish()
            if let p = c.validationProblems().first {
                let f = lines[p.field]
                throw InputError(
                    file: o.file, line: f?.node.line ?? o.line, field: f?.path ?? "\(o.path).\(p.field)",
                    problem: p.problem + (f == nil ? " (the \(kind.rawValue) preset)" : ""))
            }
            return .shake(c)
        case .scribble:
            let raw = try kindField.string()
            guard raw == "scribble" else {
                throw kindField.error("unknown scribble detector kind \"\(raw)\" (known: scribble)")
            }
            var c = ScribbleDetectorConfiguration()
            var lines: [String: JSONField] = [:]
            for key in o.keys where key != "kind" {
                guard let f = o.optional(key) else { continue }
                guard scribbleKeys.contains(key) else {
                    throw f.error("is not a ScribbleDetectorConfiguration key (known: kind, \(scribbleKeys.joined(separator: ", ")))")
                }
                lines[key] = f
                switch key {
                case "requiredReversals": c.requiredReversals = try f.integer(in: -1_000_000...1_000_000)
                case "minimumTravelPoints": c.minimumTravelPoints = try f.double()
                case "pathToDiagonalRatio": c.pathToDiagonalRatio = try f.double()
                case "windowSeconds": c.windowSeconds = try f.double()
                case "cooldownSeconds": c.cooldownSeconds = try f.double()
                default: c.firesOncePerGesture = try f.bool()
                }
            }
            try o.finish()
            if let p = c.validationProblems().first {
                let f = lines[p.field]
                throw InputError(
                    file: o.file, line: f?.node.line ?? o.line, field: f?.path ?? "\(o.path).\(p.field)",
                    problem: p.problem)
            }
            return .scribble(c)
        }
    }

    /// The proximity check: `kind` and its options (ProximityCheckConfiguration vocabulary, same defaults).
    static func readCheck(_ o: JSONObjectReader) throws(InputError) -> ProximityCheckConfiguration {
        let kindField = try o.required("kind")
        let raw = try kindField.string()
        guard let kind = ProximityCheckKind(rawValue: raw) else {
            throw kindField.error(
                "unknown proximity check kind \"\(raw)\" (known: "
                    + ProximityCheckKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        var c = ProximityCheckConfiguration(kind: kind)
        var lines: [String: JSONField] = [:]
        for key in o.keys where key != "kind" {
            guard let f = o.optional(key) else { continue }
            guard checkKeys.contains(key) else {
                throw f.error("is not a ProximityCheckConfiguration key (known: kind, \(checkKeys.joined(separator: ", ")))")
            }
            lines[key] = f
            switch key {
            case "radiusMeters": c.radiusMeters = try f.double()
            case "maximumAccuracyMeters": c.maximumAccuracyMeters = try f.double()
            case "requiredConsecutiveFixes": c.requiredConsecutiveFixes = try f.integer(in: -1_000_000...1_000_000)
            case "dwellSeconds": c.dwellSeconds = try f.double()
            default: c.exitMarginMeters = try f.double()
            }
        }
        try o.finish()
        if let p = c.validationProblems().first {
            let f = lines[p.field]
            throw InputError(
                file: o.file, line: f?.node.line ?? o.line, field: f?.path ?? "\(o.path).\(p.field)",
                problem: p.problem)
        }
        return c
    }
}
