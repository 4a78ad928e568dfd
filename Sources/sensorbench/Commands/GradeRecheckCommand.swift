import FileFormats
import Foundation
import Grading
import MonteCarlo

/// `sensorbench dev grade-recheck --rubric R SUBMISSION… [--secret S] [--days N]`: every team's ladder suggestion
/// re-run on fresh days neither its grade nor its confirmation used, beside what its report says (docs/grading.md).
struct GradeRecheckCommand: Subcommand {
    var rubric = ""
    var submissions: [String] = []
    var secret: UInt64?
    var days = 100

    init() {}

    static let name = "grade-recheck"
    static let summary = "Re-run the grades' ladder advice on fresh days beside their claims (docs/grading.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<submission>", noun: "submission file or folder",
            meaning: "The submissions, as `grade` takes them.", count: 1...Int.max
        ) { o, files, _ in o.submissions = files }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--rubric", value: "<name>|<file>", meaning: "The rubric, as `grade` takes it.", required: true
            ) { o, text, _ in o.rubric = text },
            GradeCommand.secretOption(
                \.secret,
                meaning: "The stream secret of the grade to check (its summary.md shows it; the shipped grades use 0)."),
            OptionSpec(
                "--days", value: "<n>", meaning: "Further fresh days, 1 to \(GradeRecheck.maximumDays).", default: "100"
            ) { o, text, context in
                o.days = try ValueParser.integer(text, option: "--days", in: 1...GradeRecheck.maximumDays, context)
            },
        ]
    }

    /// Grades the class as `grade` does and prints the table (``GradeRecheck``) on stdout.
    func run() throws -> ExitCode {
        let rubricPath = try GradeCommand.rubricPath(self.rubric)
        try InputKind.expect(.rubric, file: rubricPath, command: "dev grade-recheck --rubric")
        let rubricAsWritten = try Rubric.load(path: rubricPath)
        let files = try GradeCommand.submissionFiles(submissions)
        let runsCode = files.contains { Submission.isSourceFolder($0) || StudentProject.isProject(InputPaths.resolve($0)) }
        let secret = secret ?? (runsCode ? Rubric.freshStreamSecret() : nil)
        let rubric = secret.map { rubricAsWritten.mixingStreams(secret: $0) } ?? rubricAsWritten
        let runner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-projects-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prepared = ProjectIntake.prepare(files, rubric: rubric, scratch: scratch)
        let loaded = Grader.load(rubric, files: prepared.files)
        for failure in prepared.failures(loaded.failures) {
            FileHandle.standardError.write(Data("sensorbench: not graded: \(failure.error)\n".utf8))
        }
        let results = try GradeRecheck.run(
            rubric, submissions: loaded.submissions.map(prepared.relabel), days: days, runner: runner)
        if let secret { print("stream secret \(Rubric.secretText(secret))\n") }
        print(try GradeRecheck.table(results))
        return .success
    }
}
