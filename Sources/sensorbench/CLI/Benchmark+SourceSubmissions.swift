import Foundation
import Grading
import MonteCarlo

// MARK: - Grading source submissions (issue 16)

extension Benchmark {
    /// The shipped good source submissions the variants are made from.
    static let sourceTemplates = ["source-shake", "source-scribble", "source-raw-magnitude"]

    /// Grades `count` distinct source submissions against the shipped rubric, twice: first with an empty compile
    /// cache (the libraries and every team compiled, in the sandbox where bubblewrap runs), then with the cache
    /// that run filled (only the harnesses run). Variant k is a copy of one of ``sourceTemplates`` with its own team
    /// name and one more file, `BenchmarkVariant.swift`, declaring a constant unique to this measurement and k, so
    /// every variant's content hash differs and nothing comes from an earlier run's cache. Each figure is one run:
    /// a cold run cannot be repeated without recompiling, and a run lasts minutes, far past the 1 s floor.
    ///
    /// - Throws: ``BenchError`` when a variant fails to load or to run (a benchmark of failures would mean nothing).
    static func sourceSubmissionRows(folder: URL, count: Int, jobs: Int, into rows: inout [Row]) throws {
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubrics/penn-dining.json").path)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-bench-source-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let nonce = "\(getpid())-\(DispatchTime.now().uptimeNanoseconds)"
        var files: [String] = []
        for k in 0..<count {
            let template = sourceTemplates[k % sourceTemplates.count]
            let variant = work.appendingPathComponent("bench-source-\(k)")
            try FileManager.default.copyItem(at: folder.appendingPathComponent("submissions/\(template)"), to: variant)
            let metadata = variant.appendingPathComponent("submission.json")
            let text = try String(contentsOf: metadata, encoding: .utf8)
            let renamed = text.replacingOccurrences(of: "\"team\": \"\(template)\"", with: "\"team\": \"bench-source-\(k)\"")
            guard renamed != text else { throw BenchError("\(metadata.path): no \"team\": \"\(template)\" to rename") }
            try renamed.write(to: metadata, atomically: true, encoding: .utf8)
            try "private let benchmarkVariant = \"\(nonce)-\(k)\"\n".write(
                to: variant.appendingPathComponent("BenchmarkVariant.swift"), atomically: true, encoding: .utf8)
            files.append(variant.path)
        }
        let (submissions, failures) = Grader.load(rubric, files: files)
        if let first = failures.first { throw BenchError("\(first.file): \(first.error)") }
        var toolchain = try SourceToolchain.forGrading()
        toolchain.cacheFolder = work.appendingPathComponent("cache")
        let runner = MonteCarloRunner(jobs: jobs)
        var seconds: [Double] = []
        for _ in 0..<2 {
            let start = now()
            let grades = try Grader.grade(rubric, submissions: submissions, runner: runner, toolchain: toolchain)
            seconds.append(now() - start)
            try requireEveryTeamRan(grades)
        }
        rows += coldAndWarmRows(
            seconds, count: count, unit: "team",
            cold: "grade \(count) source submissions (variants of the 3 good examples) against the shipped rubric, "
                + "\(jobs) threads, compile cache empty",
            warm: "the same, compile cache warm (only the sandboxed harnesses run)")
    }

    /// Stops the benchmark when a team's code did not run: its time would not be a grading's.
    static func requireEveryTeamRan(_ grades: [TeamGrade]) throws {
        if let failed = grades.first(where: { $0.source?.failure != nil }), let failure = failed.source?.failure {
            throw BenchError("\(failed.submission.team): \(failure.outcome)")
        }
    }

    /// The two rows of a cold and a warm grading run: the seconds of each, and per unit ("team", "project").
    static func coldAndWarmRows(_ seconds: [Double], count: Int, unit: String, cold: String, warm: String) -> [Row] {
        let perUnit = { (s: Double) in f(s / Double(count), 2) + " s a \(unit)" }
        return zip([cold, warm], seconds).map { label, s in
            Row(label: label, median: f(s, 1) + " s", best: "(one run; \(perUnit(s)))")
        }
    }
}
