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
        let runner = MonteCarloRunner(jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
                                      progress: ProgressReporter.make(label: "grade \(rubric.name)", quiet: options.quiet))
        let (grades, failures) = try Grader.grade(rubric, files: files, runner: runner)
        let report = try GradeReport.render(rubric, grades: grades, failures: failures)
        let out = URL(fileURLWithPath: options.outputFolder)
        try report.write(to: out)
        for g in grades {
            print("\(g.submission.team): \(try GradeReport.pts(g.total)) / \(try GradeReport.pts(g.maximum(rubric))) "
                  + "→ \(out.appendingPathComponent("\(g.submission.team).md").relativePath)")
        }
        for f in failures { FileHandle.standardError.write(Data("Error: \(f.error.description)\n".utf8)) }
        print("\(grades.count) graded, \(failures.count) failed → \(out.appendingPathComponent("summary.md").relativePath)")
        return failures.isEmpty ? .success : .dataError
    }

    /// Expands folders into their `*.json` files (sorted by name); files are kept as given.
    static func submissionFiles(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw InputError(.missingFile, file: path, problem: "no such file or folder")
            }
            if isFolder.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
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
