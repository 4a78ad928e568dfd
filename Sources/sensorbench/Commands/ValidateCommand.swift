import FileFormats
import Foundation
import Grading
import Recordings
import Studies

/// `sensorbench validate`: reads each input file as the command that uses it would, without running it.
struct ValidateCommand: Subcommand {
    var files: [String] = []
    /// The kind every file must be; `nil`: detected from each file's content.
    var kind: InputKind?
    /// The rubric submissions are checked against; `nil`: the shipped `rubrics/penn-dining.json`.
    var rubric: String?
    var quiet = false

    init() {}

    static let name = "validate"
    static let summary = "Check input files without running them."
    static let details = """
        Reads each file as the command that uses it would and prints one line of what it checked, e.g.
        "ok  <file>: rubric "penn-dining", 13 criteria, 5 suites". The kind is detected from the content
        (see KINDS) unless --kind says it. The first problem is reported as
        "<file>:<line>: <field>: <problem>" with exit code 65 (66 for a missing file).
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<file>", noun: "file", meaning: "Input files: JSON inputs, sensor recordings, GPX.", count: 1...Int.max)
        {
            o, files, _ in o.files = files
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--kind", value: "<kind>",
                meaning: "Read every file as this kind: \(InputKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                default: "detected from each file"
            ) { o, text, context in
                o.kind = InputKind(
                    rawValue: try ValueParser.choice(text, option: "--kind", of: InputKind.allCases.map(\.rawValue), context))
            },
            OptionSpec(
                "--rubric", value: "<file>", meaning: "The rubric submissions are checked against (hall names, manual criteria).",
                default: "Scenarios/rubrics/penn-dining.json"
            ) { o, text, _ in o.rubric = text },
            SharedOption.quiet(\.quiet),
        ]
    }

    static var footer: String {
        "KINDS (detected from the content, the first that fits):\n"
            + InputKind.allCases.map { HelpText.row($0.rawValue, $0.detection) }.joined(separator: "\n")
    }

    /// Reads every file as the command that uses it would and prints one line of what it checked.
    ///
    /// The first bad file stops with the real reader's one-line error (exit 65, 66 for a missing file).
    func run() throws -> ExitCode {
        for file in files {
            let line = try Self.validate(file: file, kind: kind, rubric: rubric)
            print("ok  \(file): \(line)")
        }
        return .success
    }

    /// What one file holds, as one line; throws the reader's error for a bad file.
    ///
    /// The kind is `--kind`'s, else the one the content tells (``InputKind/identify(_:)``); a file that is
    /// recognisably something sensorbench does not read (an Excel workbook, a binary file) is named as such.
    static func validate(file: String, kind given: InputKind?, rubric rubricPath: String?) throws -> String {
        // A source submission: its folder, or the folder's submission.json (which has "source", not "detector").
        if given == nil || given == .submission, Submission.isSourceFolder(file) {
            return try validateSource(folder: file, rubric: rubricPath)
        }
        if let given { return try given.validate(file, rubricPath) }
        if let identity = try InputKind.identify(file) {
            guard let kind = identity.kind else {
                throw InputError(file: file, problem: "is \(identity.words), which sensorbench does not read")
            }
            return try kind.validate(file, rubricPath)
        }
        // No kind: the JSON reader's own complaint for a file that is not JSON, else every kind tried.
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: InputPaths.resolve(file)), displayPath: file)
        let tried = InputKind.allCases.map { "\($0.rawValue) (needs \($0.signature))" }.joined(separator: ", ")
        throw InputError(file: file, line: node.line, problem: "fits no input kind; tried \(tried)")
    }

    /// A source submission folder read as `grade` reads it (metadata, type names, files, halls); its code is not
    /// compiled here (`grade` compiles and runs it in the sandbox).
    static func validateSource(folder: String, rubric rubricPath: String?) throws -> String {
        let rubric = try Rubric.load(path: try submissionRubric(rubricPath))
        let submission = try Submission.load(folder: folder, rubric: rubric)
        guard let source = submission.source else {
            throw InputError(file: folder + "/submission.json", field: "source", problem: "is required in a source submission folder")
        }
        let types = source.types
        let detector = types.shakeDetector ?? types.scribbleDetector ?? "?"
        let check = types.proximityCheck.map { "own check \($0)" } ?? "\(submission.check.kind.rawValue) check"
        return "source submission \"\(submission.team)\" (\(submission.detector.gesture.rawValue): \(detector), \(check); "
            + "\(InputKind.count(source.files.count, "Swift file")), not compiled here: grade compiles and runs it), "
            + "checked against rubric \"\(rubric.name)\""
    }

    /// The rubric submissions are checked against: `--rubric`, else the shipped one.
    static func submissionRubric(_ given: String?) throws -> String {
        if let given { return given }
        guard let shipped = ScenarioLocator.folder()?.appendingPathComponent("rubrics/penn-dining.json").path else {
            throw InputError(
                .missingFile, file: "Scenarios",
                problem: "no Scenarios folder found for the default rubric (run from the checkout or pass --rubric)")
        }
        return shipped
    }
}
