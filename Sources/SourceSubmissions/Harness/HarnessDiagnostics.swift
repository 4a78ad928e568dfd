// MARK: - A compile error in the generated harness, said in the team's terms

/// The harness's `main.swift` is the grader's file, not the team's: a compile error the compiler places there
/// is the team's type not fitting how the grader uses it (the type named in `submission.json` does not exist,
/// does not conform to the protocol, has no `init()`, or its isolation does not match). Each such error line and
/// the source the compiler echoes under it are replaced by one paragraph naming the team's type, the
/// `submission.json` key, and what to change; the compiler's own words are kept in quotes. Diagnostics in the
/// team's files are left as they are.
package enum HarnessDiagnostics {
    /// `diagnostics` with every error, warning or note located in `harness/main.swift` explained.
    ///
    /// - Parameters:
    ///   - diagnostics: the compiler's text with paths relative (``SubmissionCompiler/relativeDiagnostics``).
    ///   - types: the team's types (to name the one involved).
    /// - Returns: the text with no line pointing into the harness.
    package static func explained(_ diagnostics: String, types: HarnessTypes) -> String {
        var out: [String] = []
        var skipping = false
        var seen: Set<String> = []
        for line in diagnostics.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("harness/main.swift:") {
                skipping = true
                let message = line.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? String(line)
                guard message.hasPrefix("error:") else { continue }
                let text = explanation(String(message.dropFirst("error:".count)).trimmingSpaces, types: types)
                if seen.insert(text).inserted { out.append(text) }
                continue
            }
            if skipping, let first = line.first, first == " " || first == "|" || first.isNumber { continue }
            skipping = false
            out.append(String(line))
        }
        let text = out.joined(separator: "\n")
        // An isolation error in the team's own files: say what it means in the team's terms, once.
        let isolationWords = ["actor-isolated", "crosses into", "main actor", "Sendable"]
        let teamIsolationError = out.contains { line in
            line.contains(": error: ") && !line.hasPrefix("error: isolation mismatch")
                && isolationWords.contains { line.contains($0) }
        }
        guard teamIsolationError else { return text }
        return text
            + "\nnote: this is an isolation mismatch: the team's code was compiled in \(types.compile.description). "
            + "If the Xcode project compiles it differently (Swift 6, or \"Default Actor Isolation: MainActor\", the "
            + "default of new Xcode projects), say so in submission.json's source (\"swiftLanguageMode\", "
            + "\"defaultIsolation\"); the grader then compiles it as Xcode does.\n"
    }

    /// One error of the harness explained.
    static func explanation(_ message: String, types: HarnessTypes) -> String {
        let roles: [(key: String, type: String?, role: String)] = [
            ("shakeApp", types.shakeApp, "ShakeApp"),
            ("shakeDetector", types.shakeApp == nil ? types.shakeDetector : nil, "ShakeDetecting"),
            ("scribbleDetector", types.scribbleDetector, "ScribbleDetecting"),
            ("locationApp", types.locationApp, "LocationApp"),
            ("proximityCheck", types.locationApp == nil ? types.proximityCheck : nil, "ProximityChecking"),
        ]
        let named = roles.filter { $0.type != nil }
        let role = named.first { message.contains("'\($0.type!)'") || message.contains($0.role) } ?? named.first
        let who = role.map { "`\($0.type!)` (submission.json's source.\($0.key))" } ?? "the team's type"
        let quoted = "The compiler said: \"\(message)\"."
        let lower = message.lowercased()
        if lower.contains("actor") || lower.contains("isolat") || lower.contains("sendable") {
            return "error: isolation mismatch: the grader makes and drives \(who) on the main actor, as SwiftUI "
                + "does, and the team's code does not allow that here. \(quoted) If the Xcode project uses "
                + "\"Default Actor Isolation: MainActor\" or Swift 6, say so in submission.json "
                + "(\"defaultIsolation\": \"MainActor\", \"swiftLanguageMode\": \"6\"); otherwise mark the glue "
                + "extension or the type `@MainActor`, or its protocol methods `nonisolated`."
        }
        if lower.contains("cannot find") && lower.contains("in scope") {
            return "error: submission.json names \(who), but no type of that name is declared in the team's files. "
                + quoted
        }
        if lower.contains("conform") || lower.contains("requires that") {
            let proto = role?.role ?? "its protocol"
            return "error: \(who) does not conform to `\(proto)`: the glue file must declare "
                + "`extension \(role?.type ?? "Type"): \(proto)` with its members (docs/source-submissions.md). "
                + quoted
        }
        if lower.contains("argument") || lower.contains("init") || lower.contains("initializer") {
            return "error: the grader makes \(who) with `init()` (a proximity check: `init(places:)`), which the "
                + "type does not have or does not allow here. " + quoted
        }
        return "error: the grader's harness could not use \(who) as the submission names it. " + quoted
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
