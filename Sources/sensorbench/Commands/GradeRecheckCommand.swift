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

    /// Grades the class as `grade` does and prints the table (``GradeRecheck``) on stdout. A submission that cannot be
    /// read is named on standard error and the others are re-checked; the exit code is then 65, as `grade`'s.
    func run() throws -> ExitCode {
        let rubricPath = try GradeCommand.rubricPath(self.rubric)
        let input = try GradeCommand.classInput(
            rubricPath: rubricPath, submissions: submissions, secret: secret, command: "dev grade-recheck")
        let scratch = GradeCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (graded, failures, _) = GradeCommand.intake(input.files, rubric: input.rubric, scratch: scratch)
        for failure in failures {
            FileHandle.standardError.write(Data("sensorbench: not graded: \(failure.error)\n".utf8))
        }
        let results = try GradeRecheck.run(
            input.rubric, submissions: graded, days: days, runner: MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs))
        if let secret = input.secret { print("stream secret \(Rubric.secretText(secret))\n") }
        print(try GradeRecheck.table(results))
        return failures.isEmpty ? .success : .dataError
    }
}
