import FileFormats
import Foundation
import Grading
import MonteCarlo
import Reporting
import Studies

/// `sensorbench grade`: grades Penn Dining submissions against a rubric (or one shard of them).
struct GradeCommand: Subcommand {
    var rubric = ""
    /// Submission files or folders (a folder stands for its `*.json` files, sorted by name).
    var submissions: [String] = []
    var outputFolder = "Reports/grades"
    var jobs: Int?
    /// Grade only this shard's units and write a part file (``PartFile``) instead of the reports.
    var shard: ShardSpec?
    /// The stream secret (``Rubric/mixingStreams(secret:)``); nil: a fresh one when a source team is graded.
    var secret: UInt64?
    /// Wall-clock seconds of one source team's harness runs together; nil: the default.
    var teamSeconds: Double?
    var quiet = false

    init() {}

    static let name = "grade"
    static let summary = "Grade Penn Dining submissions against a rubric."
    static let details = """
        Grades course submissions (gesture detector, proximity check, hall coordinates). Every suite of the
        rubric is simulated once and every submission is evaluated on the same visits and timelines.
        Writes <dir>/<team>.md per submission, summary.csv and summary.md. A submission that cannot be
        read is named in summary.md and on standard error; the others are still graded, and the exit code
        is 65. The output is byte-identical for the same rubric and submissions, whatever --jobs.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<submission>", noun: "submission file or folder",
            meaning: "Submission JSON files, source-submission folders, student projects (zips or folders), or folders of "
                + "them (see docs/grading.md, docs/xcode-projects.md).", count: 1...Int.max
        ) { o, files, _ in o.submissions = files }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--rubric", value: "<name>|<file>",
                meaning: "The rubric: a name (rubrics/<name>.json here, in $SENSORBENCH_PATH, then shipped) or a path.",
                required: true
            ) { o, text, _ in o.rubric = text },
            SharedOption.out(\.outputFolder, meaning: "Folder for the reports.", default: "Reports/grades"),
            SharedOption.jobs(\.jobs),
            SharedOption.shard(
                \.shard,
                meaning: "Grade only shard k of n (every suite's visits and timelines numbered by one global index) "
                    + "and write <dir>/<rubric name>.grade.shard-<k>-of-<n>.part; 'sensorbench merge' then writes "
                    + "the reports byte-identical to a whole run."),
            Self.secretOption(
                \.secret,
                meaning: "The stream secret mixed into every suite's seed (1 to 16 hexadecimal digits), to reproduce "
                    + "a grade from the secret its summary.md shows. A course must not fix it: a fixed secret lets a "
                    + "source team record the streams and replay its answers."),
            OptionSpec(
                "--team-seconds", value: "<s>",
                meaning: "Wall-clock seconds for all of one source team's harness runs together; past them the "
                    + "team's outcome is 'over time budget' and the others are unaffected. 1 to 86400.",
                default: String(Int(SourceToolchain.defaultTeamBudgetSeconds))
            ) { o, text, context in
                o.teamSeconds = Double(try ValueParser.integer(text, option: "--team-seconds", in: 1...86_400, context))
            },
            SharedOption.quiet(\.quiet),
        ]
    }

    /// `--secret <hex>`: a stream secret (``Rubric/parseSecret(_:)``); by default a fresh one when a source team is
    /// graded. `grade` and `dev grade-recheck` share it.
    static func secretOption<O>(_ key: WritableKeyPath<O, UInt64?>, meaning: String) -> OptionSpec<O> {
        OptionSpec(
            "--secret", value: "<hex>", meaning: meaning, default: "a fresh secret when a source team is graded, none otherwise"
        ) { o, text, context in
            guard let value = Rubric.parseSecret(text) else {
                throw context.error("--secret needs 1 to 16 hexadecimal digits (0x optional), got '\(text)'")
            }
            o[keyPath: key] = value
        }
    }

    func validate(_ context: ParseContext) throws(UsageError) {
        if shard != nil && secret != nil {
            throw context.error("--secret and --shard cannot be combined: source teams are not graded in shards")
        }
    }

    /// Grades submissions against a rubric and writes one report per team plus the class summary.
    ///
    /// A bad rubric stops everything (nothing written). A bad submission is reported on standard error and in
    /// summary.md, the others are graded, and the exit code is 65.
    func run() throws -> ExitCode {
        let rubricPath = try Self.rubricPath(self.rubric)
        if let shard { return try gradeShard(shard, rubricPath: rubricPath) }
        let input = try Self.classInput(rubricPath: rubricPath, submissions: submissions, secret: secret, command: "grade")
        let rubric = input.rubric
        try ReportFiles.reserve(URL(fileURLWithPath: outputFolder))
        let runner = MonteCarloRunner(
            jobs: jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "grade \(rubric.name)", quiet: quiet))
        let scratch = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (graded, failures, prepared) = Self.intake(input.files, rubric: rubric, scratch: scratch)
        let grades = try Grader.grade(rubric, submissions: graded, runner: runner, teamBudgetSeconds: teamSeconds)
        let classList = prepared.projects.isEmpty ? [] : [(ProjectClassList.fileName, ProjectClassList.markdown(prepared.projects))]
        return try Self.writeGrades(rubric, grades: grades, failures: failures, outputFolder: outputFolder, extraFiles: classList)
    }

    /// The rubric at `rubricPath`, mixed with the stream secret, and the submission files of a grading command
    /// (`grade`, `dev grade-recheck`). A source team's (or a student project's) streams come from seeds mixed with a
    /// secret it cannot know before its runs: `secret`, or a fresh one when one is graded.
    static func classInput(rubricPath: String, submissions: [String], secret: UInt64?, command: String) throws
        -> (rubric: Rubric, files: [String], secret: UInt64?)
    {
        try InputKind.expect(.rubric, file: rubricPath, command: "\(command) --rubric")
        let rubricAsWritten = try Rubric.load(path: rubricPath)
        let files = try submissionFiles(submissions)
        let runsCode = files.contains { Submission.isSourceFolder($0) || StudentProject.isProject(InputPaths.resolve($0)) }
        let secret = secret ?? (runsCode ? Rubric.freshStreamSecret() : nil)
        return (secret.map { rubricAsWritten.mixingStreams(secret: $0) } ?? rubricAsWritten, files, secret)
    }

    /// A fresh scratch folder for student projects (the caller removes it).
    static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-projects-\(UUID().uuidString)")
    }

    /// Student projects (zips, project folders) become source submissions in `scratch` first; then every file is
    /// read. Returns the good submissions (relabelled with their projects' names), every failure, and the intake.
    static func intake(_ files: [String], rubric: Rubric, scratch: URL)
        -> (submissions: [Submission], failures: [SubmissionFailure], prepared: ProjectIntake.Prepared)
    {
        let prepared = ProjectIntake.prepare(files, rubric: rubric, scratch: scratch)
        let loaded = Grader.load(rubric, files: prepared.files)
        return (loaded.submissions.map(prepared.relabel), prepared.failures(loaded.failures), prepared)
    }

    /// The rubric file `--rubric` names: a name (`rubrics/<name>.json`) or a path, resolved as a profile is
    /// (``ReferenceSearchPath/locate(_:what:namedFolder:beside:environment:fail:)``, the current folder first). A path readable
    /// where it was given keeps its spelling, so reports and part headers name it as typed.
    ///
    /// - Throws: ``InputError``: an unknown name (65) or a missing file (66), naming `--rubric` and every place looked.
    static func rubricPath(
        _ text: String, here: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InputError) -> String {
        // A path readable as given (or as `Scenarios/…` from the shipped folder, as every command reads one) stays so.
        func isFile(_ path: String) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        let given = text.hasPrefix("/") ? text : here.appendingPathComponent(text).path
        if ProfileReader.isPath(text), isFile(given) || isFile(InputPaths.resolve(text)) { return text }
        let (url, _) = try ReferenceSearchPath.locate(
            text, what: "rubric", namedFolder: "rubrics", beside: here, environment: environment
        ) {
            (kind, problem) throws(InputError) -> Never in
            throw InputError(kind, file: nil, field: "--rubric", problem: problem)
        }
        // Named as the report will print it: relative to here, or as the shipped `Scenarios/…` path, else in full.
        let path = url.standardizedFileURL.path
        let herePath = here.standardizedFileURL.path + "/"
        if path.hasPrefix(herePath) { return String(path.dropFirst(herePath.count)) }
        if let shipped = ReferenceSearchPath.shippedFolder()?.standardizedFileURL.path, path.hasPrefix(shipped + "/") {
            return "Scenarios/" + path.dropFirst(shipped.count + 1)
        }
        return path
    }

    /// Renders and writes the reports, prints one line a team, names the failures on standard error.
    static func writeGrades(
        _ rubric: Rubric, grades: [TeamGrade], failures: [SubmissionFailure],
        outputFolder: String, extraFiles: [(String, String)] = []
    ) throws -> ExitCode {
        var report = try GradeReport.render(rubric, grades: grades, failures: failures)
        for (name, text) in extraFiles { report.add(name, text) }
        let out = URL(fileURLWithPath: outputFolder)
        try report.write(to: out)
        for g in grades {
            print(
                "\(g.submission.team): \(try GradeReport.pts(g.total)) / \(try GradeReport.pts(g.maximum(rubric))) "
                    + "→ \(out.appendingPathComponent("\(g.submission.team).md").relativePath)")
        }
        for f in failures { FileHandle.standardError.write(Data("Error: \(f.error.description)\n".utf8)) }
        if let secret = rubric.streamSecret {
            print("stream secret \(Rubric.secretText(secret)) (grade --secret \(Rubric.secretText(secret)) reproduces this grade)")
        }
        print("\(grades.count) graded, \(failures.count) failed → \(out.appendingPathComponent("summary.md").relativePath)")
        return failures.isEmpty ? .success : .dataError
    }

    // MARK: - Shards

    /// Grades one shard's units (global index over every suite's trials) and writes its part file.
    ///
    /// Bad submissions are named on standard error and left out of the units, as in an unsharded run; the part
    /// lists every file so `merge` reports them. The exit code is 0 once the part is written (a job array's
    /// dependency then lets `merge` run, which exits 65 for bad submissions).
    func gradeShard(_ shard: ShardSpec, rubricPath: String) throws -> ExitCode {
        let loaded = try GradingPlan.load(rubric: rubricPath) { () throws(InputError) in
            let files = try Self.submissionFiles(submissions)
            if let project = files.first(where: { StudentProject.isProject(InputPaths.resolve($0)) && !Submission.isSourceFolder($0) }) {
                throw InputError(
                    file: project, problem: "is a student project; projects are graded by an unsharded grade, not with --shard")
            }
            return files
        }
        let rubric = loaded.rubric
        let plan = GradingPlan(rubric, loaded.submissions)
        let range = shard.range(total: plan.totalUnits)
        let runner = MonteCarloRunner(
            jobs: jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(
                label: "grade \(rubric.name) shard \(shard)",
                quiet: quiet))
        let header = PartHeader(
            study: PartHeader.gradeStudy, source: rubricPath, name: rubric.name, contentHash: loaded.contentHash,
            seed: rubric.seed, trialsPerCell: nil, files: loaded.files, totalTrials: plan.totalUnits)
        let fileName = PartFile(program: "", header: header, shard: shard, trials: range, columns: "", records: []).fileName
        let url = URL(fileURLWithPath: outputFolder).appendingPathComponent(fileName)
        // Each unit's record goes to the part's temporary file as it finishes (in index order).
        try PartFile.write(
            to: url, program: SensorBenchVersion.current, header: header, shard: shard, trials: range,
            columns: GradingPlan.recordColumns
        ) { sink in try plan.records(range, runner: runner, sink: sink) }
        for f in loaded.failures { FileHandle.standardError.write(Data("Error: \(f.error.description)\n".utf8)) }
        print("\(rubric.name): grade shard \(shard), trials \(range.lowerBound)..<\(range.upperBound) → \(url.relativePath)")
        return .success
    }

    /// Re-reads the rubric and submissions of checked grading parts (verifying the content hash) and writes the
    /// reports exactly as an unsharded `grade` would.
    static func mergeGrades(_ merged: PartMerge.Merged, outputFolder: String) throws -> ExitCode {
        let header = merged.header
        let loaded = try GradingPlan.load(rubric: header.source) { () throws(InputError) in header.files }
        try PartMerge.checkUnchanged(merged, contentHash: loaded.contentHash, what: "the rubric, a suite or a submission")
        let plan = GradingPlan(loaded.rubric, loaded.submissions)
        guard plan.totalUnits == header.totalTrials else {
            throw InputError(
                file: merged.path, field: "total-trials",
                problem: "the parts hold \(header.totalTrials) trials, the rubric and submissions give \(plan.totalUnits)")
        }
        try ReportFiles.reserve(URL(fileURLWithPath: outputFolder))
        // The records stream part by part into the reduction; nothing is written unless every part reads back whole.
        let grades = try Grader.score(plan, try plan.evaluation(recordFeed: merged.forEachRecord))
        return try writeGrades(loaded.rubric, grades: grades, failures: loaded.failures, outputFolder: outputFolder)
    }

    /// Expands folders into their `*.json` files (sorted by name); files are kept as given.
    static func submissionFiles(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            // "Scenarios/submissions" also from outside the checkout; the files keep the name as given.
            let actual = InputPaths.resolve(path)
            guard FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder) else {
                throw InputError(.missingFile, file: path, problem: "no such file or folder")
            }
            if isFolder.boolValue {
                // A source submission folder, or the *.json files and source subfolders of a folder (by name).
                if Submission.isSourceFolder(path) || StudentProject.holdsProject(actual) {
                    files.append(path)
                    continue
                }
                // Beside JSON and source submissions: student projects, zipped or as folders (issue 27).
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: actual)) ?? [])
                    .filter {
                        let sub = URL(fileURLWithPath: actual).appendingPathComponent($0).path
                        return $0.hasSuffix(".json") || Submission.isSourceFolder(sub) || StudentProject.isProject(sub)
                    }.sorted()
                guard !names.isEmpty else {
                    throw InputError(.missingFile, file: path, problem: "holds no .json submissions, source submissions or projects")
                }
                files += names.map { URL(fileURLWithPath: path).appendingPathComponent($0).relativePath }
            } else if path.lowercased().hasSuffix(".zip") {
                files.append(path)
            } else {
                try InputKind.expect(.submission, file: path, command: "grade")
                files.append(path)
            }
        }
        return files
    }
}
