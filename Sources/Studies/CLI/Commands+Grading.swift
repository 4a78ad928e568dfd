import Foundation
import Reporting

// MARK: - Grading

extension Commands {
    /// Grades submissions against a rubric and writes one report per team plus the class summary.
    ///
    /// A bad rubric stops everything (nothing written). A bad submission is reported on standard error and in
    /// summary.md, the others are graded, and the exit code is 65.
    public static func grade(_ options: GradeOptions) throws -> ExitCode {
        let rubric = try Rubric.load(path: options.rubric)
        let files = try submissionFiles(options.submissions)
        if let shard = options.shard { return try gradeShard(rubric, files: files, shard: shard, options: options) }
        try ReportFiles.reserve(URL(fileURLWithPath: options.outputFolder))
        let runner = MonteCarloRunner(
            jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "grade \(rubric.name)", quiet: options.quiet))
        let (grades, failures) = try Grader.grade(rubric, files: files, runner: runner)
        return try writeGrades(rubric, grades: grades, failures: failures, outputFolder: options.outputFolder)
    }

    /// Renders and writes the reports, prints one line a team, names the failures on standard error.
    static func writeGrades(
        _ rubric: Rubric, grades: [TeamGrade], failures: [SubmissionFailure],
        outputFolder: String
    ) throws -> ExitCode {
        let report = try GradeReport.render(rubric, grades: grades, failures: failures)
        let out = URL(fileURLWithPath: outputFolder)
        try report.write(to: out)
        for g in grades {
            print(
                "\(g.submission.team): \(try GradeReport.pts(g.total)) / \(try GradeReport.pts(g.maximum(rubric))) "
                    + "→ \(out.appendingPathComponent("\(g.submission.team).md").relativePath)")
        }
        for f in failures { FileHandle.standardError.write(Data("Error: \(f.error.description)\n".utf8)) }
        print("\(grades.count) graded, \(failures.count) failed → \(out.appendingPathComponent("summary.md").relativePath)")
        return failures.isEmpty ? .success : .dataError
    }

    // MARK: - Shards

    /// Grades one shard's units (global index over every suite's trials) and writes its part file.
    ///
    /// Bad submissions are named on standard error and left out of the units, as in an unsharded run; the part
    /// lists every file so `merge` reports them. The exit code is 0 once the part is written (a job array's
    /// dependency then lets `merge` run, which exits 65 for bad submissions).
    static func gradeShard(_ rubric: Rubric, files: [String], shard: ShardSpec, options: GradeOptions) throws -> ExitCode {
        let (submissions, failures) = Grader.load(rubric, files: files)
        let plan = GradingPlan(rubric, submissions)
        let range = shard.range(total: plan.totalUnits)
        let runner = MonteCarloRunner(
            jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(
                label: "grade \(rubric.name) shard \(shard)",
                quiet: options.quiet))
        let units = try plan.units(range, runner: runner)
        let part = GradePartFile(
            program: SensorBenchVersion.current, rubricPath: options.rubric, name: rubric.name,
            contentHash: GradingPlan.contentHash(rubric, files: files), seed: rubric.seed,
            files: files, totalTrials: plan.totalUnits, shard: shard, trials: range,
            columns: GradingPlan.recordColumns,
            records: zip(range, units).map { plan.record($0, $1) })
        let url = URL(fileURLWithPath: options.outputFolder).appendingPathComponent(part.fileName)
        try AtomicFile.write(part.render(), to: url)
        for f in failures { FileHandle.standardError.write(Data("Error: \(f.error.description)\n".utf8)) }
        print("\(rubric.name): grade shard \(shard), trials \(range.lowerBound)..<\(range.upperBound) → \(url.relativePath)")
        return .success
    }

    /// Checks that grading parts are one complete, non-overlapping set from the same program, rubric, submissions
    /// and seed, re-reads the rubric and submissions (verifying the content hash), and writes the reports exactly
    /// as an unsharded `grade` would.
    public static func mergeGrades(parts paths: [String], outputFolder: String) throws -> ExitCode {
        var parts: [(path: String, part: GradePartFile)] = []
        for path in paths {
            guard GradePartFile.isGradePart(path: path) || !FileManager.default.fileExists(atPath: path) else {
                throw InputError(file: path, field: "study", problem: "is not a grading part: grading parts merge only with each other")
            }
            parts.append((path, try GradePartFile.read(path: path)))
        }
        guard let (firstPath, first) = parts.first else {
            throw InputError(.usage, file: nil, field: "merge", problem: "merge needs at least one part file")
        }
        for (path, p) in parts.dropFirst() {
            func mismatch(_ what: String, _ mine: String, _ theirs: String) -> InputError {
                InputError(
                    file: path, field: what,
                    problem: "\(mine) differs from \(theirs) in \(firstPath): parts of different runs cannot merge")
            }
            if p.program != first.program { throw mismatch("program", "sensorbench \(p.program)", "sensorbench \(first.program)") }
            if p.name != first.name || p.rubricPath != first.rubricPath {
                throw mismatch("rubric", "rubric \(p.rubricPath)", "rubric \(first.rubricPath)")
            }
            if p.seed != first.seed { throw mismatch("seed", "seed \(p.seed)", "seed \(first.seed)") }
            if p.files != first.files { throw mismatch("file", "the submission list", "the submission list") }
            if p.totalTrials != first.totalTrials {
                throw mismatch("total-trials", "\(p.totalTrials) trials", "\(first.totalTrials)")
            }
            if p.contentHash != first.contentHash {
                throw mismatch("content-hash", "content \(p.contentHash)", "content \(first.contentHash)")
            }
            if p.shard.count != first.shard.count {
                throw mismatch("shard", "a split into \(p.shard.count)", "a split into \(first.shard.count)")
            }
        }
        try ShardSpec.checkComplete(parts.map { ($0.path, $0.part.shard) }, total: first.totalTrials, rerun: "sensorbench grade")
        let rubric = try Rubric.load(path: first.rubricPath)
        let hash = GradingPlan.contentHash(rubric, files: first.files)
        guard hash == first.contentHash else {
            throw InputError(
                file: first.rubricPath, field: "content-hash",
                problem: "the rubric, a suite or a submission changed since the shards ran (\(hash), parts \(first.contentHash))")
        }
        try ReportFiles.reserve(URL(fileURLWithPath: outputFolder))
        let (submissions, failures) = Grader.load(rubric, files: first.files)
        let plan = GradingPlan(rubric, submissions)
        guard plan.totalUnits == first.totalTrials else {
            throw InputError(
                file: firstPath, field: "total-trials",
                problem: "the parts hold \(first.totalTrials) trials, the rubric and submissions give \(plan.totalUnits)")
        }
        var records: [(file: String, line: Int, text: String)] = []
        records.reserveCapacity(first.totalTrials)
        for (path, p) in parts.sorted(by: { $0.part.shard.index < $1.part.shard.index }) {
            for (i, text) in p.records.enumerated() { records.append((path, p.firstRecordLine + i, text)) }
        }
        let grades = try Grader.score(plan, try plan.reduce(try plan.units(records: records)))
        return try writeGrades(rubric, grades: grades, failures: failures, outputFolder: outputFolder)
    }

    /// Expands folders into their `*.json` files (sorted by name); files are kept as given.
    static func submissionFiles(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            // "Scenarios/submissions" also from outside the checkout; the files keep the name as given.
            let actual = ScenarioLocator.inputPath(path)
            guard FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder) else {
                throw InputError(.missingFile, file: path, problem: "no such file or folder")
            }
            if isFolder.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: actual)) ?? [])
                    .filter { $0.hasSuffix(".json") }.sorted()
                guard !names.isEmpty else { throw InputError(.missingFile, file: path, problem: "holds no .json submissions") }
                files += names.map { URL(fileURLWithPath: path).appendingPathComponent($0).relativePath }
            } else {
                files.append(path)
            }
        }
        return files
    }
}
