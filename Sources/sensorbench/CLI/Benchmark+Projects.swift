import Foundation
import Grading
import MonteCarlo

// MARK: - Grading a class of student projects (issue 27)

extension Benchmark {
    /// The shipped example projects the variants are made from (`Scenarios/projects/`).
    static let projectTemplates = ["hunt-motion-class", "hunt-view-model"]

    /// Grades `count` distinct student project folders against the shipped rubric, twice: first with an empty
    /// compile cache (the libraries and every project compiled), then with the cache that run filled. Each run
    /// includes reading every project, leaving its views out, finding its entry points and staging its glue.
    /// Variant k is a copy of one of ``projectTemplates`` whose `Hunt/HuntApp.swift` ends with a comment unique
    /// to this measurement and k, so every variant's content hash differs. One run each, as for source
    /// submissions: a cold run cannot be repeated without recompiling.
    ///
    /// - Throws: ``BenchError`` when a project is not staged or its code does not run.
    static func projectRows(folder: URL, count: Int, jobs: Int, into rows: inout [Row]) throws {
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubrics/penn-dining.json").path)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-bench-projects-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let nonce = "\(getpid())-\(DispatchTime.now().uptimeNanoseconds)"
        var files: [String] = []
        for k in 0..<count {
            let template = projectTemplates[k % projectTemplates.count]
            let variant = work.appendingPathComponent("class/student-\(k)")
            try FileManager.default.createDirectory(at: variant.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: folder.appendingPathComponent("projects/\(template)"), to: variant)
            let app = variant.appendingPathComponent("Hunt/HuntApp.swift")
            let text = try String(contentsOf: app, encoding: .utf8)
            try (text + "// benchmark variant \(nonce)-\(k)\n").write(to: app, atomically: true, encoding: .utf8)
            files.append(variant.path)
        }
        var toolchain = try SourceToolchain.forGrading()
        toolchain.cacheFolder = work.appendingPathComponent("cache")
        let runner = MonteCarloRunner(jobs: jobs)
        var seconds: [Double] = []
        for run in 0..<2 {
            let start = now()
            let prepared = ProjectIntake.prepare(files, rubric: rubric, scratch: work.appendingPathComponent("staged-\(run)"))
            let (submissions, failures) = Grader.load(rubric, files: prepared.files)
            if let first = prepared.failures(failures).first { throw BenchError("\(first.file): \(first.error)") }
            let grades = try Grader.grade(
                rubric, submissions: submissions.map(prepared.relabel), runner: runner, toolchain: toolchain)
            seconds.append(now() - start)
            try requireEveryTeamRan(grades)
        }
        rows += coldAndWarmRows(
            seconds, count: count, unit: "project",
            cold: "grade \(count) student project folders (variants of the 2 shipped examples: read, views left out, "
                + "entry points found, glue generated) against the shipped rubric, \(jobs) threads, compile cache empty",
            warm: "the same \(count) projects, compile cache warm (read and staged again; only the harnesses run)")
    }
}
