import Reporting
import SourceSubmissions

// MARK: - The class list of what needs a person, beside the grades

/// `needs-a-person.md`: for every project read from a zip or folder, how it was graded (the team's objects the
/// grader drove, the build settings, what was left out) and what a person should check, with file and line;
/// a project that could not be graded automatically has its one line.
package enum ProjectClassList {
    /// The file name in the grades folder.
    package static let fileName = "needs-a-person.md"

    /// The Markdown list, projects in the order given.
    package static func markdown(_ projects: [ProjectIntake.Project]) -> String {
        var doc = MarkdownDocument()
        doc.heading("What needs a person", level: 1)
        let graded = projects.filter { $0.problem == nil }.count
        let flagged = projects.filter { $0.problem == nil && !$0.analysis.findings.isEmpty }.count
        doc.paragraph(
            "\(projects.count) project\(projects.count == 1 ? "" : "s") read from zips or folders: \(graded) graded "
                + "(\(flagged) with something to check), \(projects.count - graded) not graded automatically. "
                + "Findings come from reading the code; behaviour alone does not show them.")
        for p in projects {
            doc.heading("\(p.team) (`\(TeamFile.shown(p.origin))`)", level: 2)
            var lines: [String] = []
            if let problem = p.problem {
                lines.append("Not graded automatically: `\(problem.description)`")
            } else {
                lines.append(gradedAs(p.analysis))
            }
            lines += p.analysis.findings.map { "`\($0.description)`" }
            if !p.analysis.leftOut.isEmpty, p.problem == nil {
                lines.append(
                    "Left out of the compile (SwiftUI): " + p.analysis.leftOut.map { "`\($0.file):\($0.line)`" }.joined(separator: ", "))
            }
            doc.bullets(lines)
        }
        return doc.render()
    }

    /// One sentence: the objects driven, the settings, the coordinates' sources.
    static func gradedAs(_ a: ProjectAnalysis) -> String {
        var parts: [String] = []
        if let v = a.view {
            let counted: String
            switch v.counterKind {
            case .integer, .calls: counted = "each increment of `\(v.counter)`"
            case .collection: counted = "each growth of `\(v.counter)`"
            case .flag: counted = "each time `\(v.counter)` becomes true"
            }
            let how =
                v.gesture == "shake"
                ? "its onAppear statements run when it appears, its onReceive statements on every tick of its timer"
                : "its DragGesture's onChanged statements run with every touch point, onEnded when the finger lifts (a "
                    + "scribble recognised in onEnded is reported at the next touch point)"
            parts.append(
                "\(v.gesture == "shake" ? "shakes" : "scribbles"): the view `\(v.viewType)` (`\(v.file):\(v.line)`), made as "
                    + "the app makes it and driven through copies of its closures' statements (`\(v.driverType)`): \(how); a "
                    + "\(v.gesture) is \(counted)")
        } else if let m = a.motion {
            let counted: String
            switch m.counterKind {
            case .integer: counted = "each increment of `\(m.counter)`"
            case .collection: counted = "each growth of `\(m.counter)`"
            case .flag: counted = "each time `\(m.counter)` becomes true"
            case .calls: counted = "each call of the collect method (counted by the generated subclass `\(m.typeName)`)"
            }
            parts.append(
                "shakes: `\(m.typeName)` (`\(m.file):\(m.line)`), started by "
                    + (m.startMethod.map { "`\($0)()`" } ?? "its `init()`") + ", a shake is \(counted)")
        }
        if let l = a.location {
            parts.append(
                "location: `\(l.typeName)` (`\(l.file):\(l.line)`), near enough: `\(l.checkMethod)(\(l.checkLabel == "_" ? "_" : l.checkLabel):)`"
            )
        } else {
            parts.append(
                "location: the grader's naive check at \(ProjectAnalysis.meters(a.radiusMeters ?? 50)) m"
                    + (a.radiusMeters == nil ? " (no distance(from:) comparison found)" : " (the project's radius)"))
        }
        parts.append("\(a.compile.description)")
        parts.append("halls: " + a.halls.map { "\($0.name) (`\($0.source)`)" }.joined(separator: ", "))
        return "Graded as " + parts.joined(separator: "; ") + "."
    }
}
