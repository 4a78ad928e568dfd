import FileFormats
import Foundation
import SourceSubmissions

// MARK: - Projects in, source submissions out

/// Turns each student project among the submissions (a zip or a project folder) into a source submission
/// folder in a scratch folder: the app target's Swift files with the views blanked, the generated glue and the
/// generated `submission.json`. The existing source grading then compiles and runs it like any other.
package enum ProjectIntake {
    /// One project read.
    package struct Project: Sendable {
        /// The zip or folder as given.
        package var origin: String
        package var student: String
        package var team: String
        package var analysis: ProjectAnalysis
        /// The staged source submission folder, nil when the project cannot be graded automatically.
        package var stagedFolder: String?
        /// Why it cannot be graded automatically (one line), nil when it can.
        package var problem: InputError?
    }

    /// The result of staging every project of a list of submissions.
    package struct Prepared: Sendable {
        /// The submissions to load: projects replaced by their staged folders, others as given.
        package var files: [String]
        package var projects: [Project]

        /// A loaded submission of a staged folder, shown as its zip or project folder (the reports name that,
        /// never the scratch folder).
        package func relabel(_ s: Submission) -> Submission {
            guard let p = projects.first(where: { $0.stagedFolder.map { s.file.hasPrefix($0 + "/") } ?? false }) else { return s }
            var out = Submission(
                team: s.team, file: p.origin, detector: s.detector, check: s.check, halls: s.halls, manualPoints: s.manualPoints)
            out.source = s.source
            out.studentKey = s.studentKey
            return out
        }

        /// Failures of staged folders renamed to their project, and one failure per project that cannot be graded.
        package func failures(_ loaded: [SubmissionFailure]) -> [SubmissionFailure] {
            let renamed = loaded.map { f in
                guard let p = projects.first(where: { $0.stagedFolder.map { f.file == $0 || f.file.hasPrefix($0 + "/") } ?? false })
                else { return f }
                return SubmissionFailure(
                    file: p.origin,
                    error: InputError(file: p.origin, problem: "the generated source submission was refused: \(f.error.description)"))
            }
            return renamed + projects.compactMap { p in p.problem.map { SubmissionFailure(file: p.origin, error: $0) } }
        }
    }

    /// Stages every project of `files` in `scratch` (created when needed); other files pass through.
    package static func prepare(_ files: [String], rubric: Rubric, scratch: URL) -> Prepared {
        var prepared = Prepared(files: [], projects: [])
        for file in files {
            guard StudentProject.isProject(InputPaths.resolve(file)), !Submission.isSourceFolder(file) else {
                prepared.files.append(file)
                continue
            }
            let p = stage(file, rubric: rubric, scratch: scratch, index: prepared.projects.count)
            if let folder = p.stagedFolder { prepared.files.append(folder) }
            prepared.projects.append(p)
        }
        return prepared
    }

    /// Reads, analyses and stages one project.
    static func stage(_ origin: String, rubric: Rubric, scratch: URL, index: Int) -> Project {
        let student = StudentProject.student(of: origin)
        var p = Project(origin: origin, student: student, team: ProjectGlue.teamName(student), analysis: ProjectAnalysis())
        func refuse(_ why: String) -> Project {
            var q = p
            let manual = why.contains("source format") ? "" : "; grade it by hand in the source format (docs/source-submissions.md)"
            q.problem = InputError(file: origin, problem: "cannot be graded automatically: \(why)\(manual)")
            q.stagedFolder = nil
            return q
        }
        let project: StudentProject
        do { project = try StudentProject.read(origin) } catch {
            p.problem = error
            return p
        }
        let folder = scratch.appendingPathComponent(String(format: "%04d", index)).appendingPathComponent(p.team)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // GPX files first: their points are read from the staged copy by the GPX reader.
            var gpx: [String: [GPXPoint]] = [:]
            for (name, bytes) in project.files where name.hasSuffix(".gpx") {
                let url = folder.appendingPathComponent("gpx-\(gpx.count).gpx")
                try Data(bytes).write(to: url)
                gpx[name] = try? GPXReader.read(path: url.path)
                try FileManager.default.removeItem(at: url)
            }
            p.analysis = ProjectAnalysis.analyze(project, hallNames: rubric.places.map(\.name), gpx: gpx)
            if let why = p.analysis.ungradable { return refuse(why) }
            let glue = ProjectGlue.files(p.analysis)
            for f in p.analysis.files {
                let url = folder.appendingPathComponent(f.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(f.bytes + Array((glue[f.path] ?? "").utf8)).write(to: url)
            }
            for generated in [ProjectGlue.fileName, ProjectGlue.standInsFileName] {
                guard let text = glue[generated] else { continue }
                var name = generated
                while p.analysis.files.contains(where: { $0.path == name }) { name = "_" + name }
                try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            }
            try Data(ProjectGlue.submission(p.analysis, team: p.team, student: student).utf8)
                .write(to: folder.appendingPathComponent("submission.json"))
            p.stagedFolder = folder.path
        } catch {
            return refuse("the grader could not stage it (\(error.localizedDescription))")
        }
        return p
    }
}

extension StudentProject {
    /// The student identifier of a zip or folder: its name without `.zip`.
    static func student(of origin: String) -> String {
        let url = URL(fileURLWithPath: origin)
        return url.pathExtension.lowercased() == "zip" ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
    }
}
