import FileFormats
import Foundation
import Grading
import MonteCarlo
import Reporting

// MARK: - Grading

extension Commands {
    /// Grades submissions against a rubric and writes one report per team plus the class summary.
    ///
    /// A bad rubric stops everything (nothing written). A bad submission is reported on standard error and in
    /// summary.md, the others are graded, and the exit code is 65.
    package static func grade(_ options: GradeOptions) throws -> ExitCode {
        if let shard = options.shard { return try gradeShard(options, shard: shard) }
        let rubric = try Rubric.load(path: options.rubric)
        let files = try submissionFiles(options.submissions)
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
    static func gradeShard(_ options: GradeOptions, shard: ShardSpec) throws -> ExitCode {
        let loaded = try GradingPlan.load(rubric: options.rubric) { () throws(InputError) in try submissionFiles(options.submissions) }
        let rubric = loaded.rubric
        let plan = GradingPlan(rubric, loaded.submissions)
        let range = shard.range(total: plan.totalUnits)
        let runner = MonteCarloRunner(
            jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(
                label: "grade \(rubric.name) shard \(shard)",
                quiet: options.quiet))
        let header = PartHeader(
            study: PartHeader.gradeStudy, source: options.rubric, name: rubric.name, contentHash: loaded.contentHash,
            seed: rubric.seed, trialsPerCell: nil, files: loaded.files, totalTrials: plan.totalUnits)
        let fileName = PartFile(program: "", header: header, shard: shard, trials: range, columns: "", records: []).fileName
        let url = URL(fileURLWithPath: options.outputFolder).appendingPathComponent(fileName)
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
                if Submission.isSourceFolder(path) {
                    files.append(path)
                    continue
                }
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: actual)) ?? [])
                    .filter {
                        $0.hasSuffix(".json") || Submission.isSourceFolder(URL(fileURLWithPath: actual).appendingPathComponent($0).path)
                    }.sorted()
                guard !names.isEmpty else { throw InputError(.missingFile, file: path, problem: "holds no .json submissions") }
                files += names.map { URL(fileURLWithPath: path).appendingPathComponent($0).relativePath }
            } else {
                files.append(path)
            }
        }
        return files
    }
}
