import FileFormats
import Foundation
import SourceSubmissions

// MARK: - Reading a student's project: what to compile, what drives it, what needs a person

/// What grading reads from a student's Xcode project: the app target's files with the SwiftUI views left out,
/// the team's own objects that the grader drives (the entry points), the hall coordinates, and what a person
/// should check.
///
/// Views, the `App` type and `#Preview` blocks are left out by blanking their bytes (each replaced by a space,
/// line breaks kept) in the copy that is compiled: every other byte is the student's, at the same line and
/// column, so a compiler message points into the student's own file as they wrote it.
package struct ProjectAnalysis: Sendable {
    /// A Swift file to compile: its path in the project and its bytes with the views blanked.
    package struct CompiledFile: Sendable, Equatable {
        package var path: String
        package var bytes: [UInt8]
    }

    /// The team's object that owns its `CMMotionManager` and recognises shakes.
    package struct MotionEntry: Sendable, Equatable {
        package var typeName: String
        /// The method that starts its motion updates (called as the app's view does on appear), nil when its
        /// `init()` starts them.
        package var startMethod: String?
        /// The member whose growth is a shake: a counter (`shakeCount += 1`), a collection that grows
        /// (`collected.insert(…)`: its `count`), or a flag set true (`didShake = true`: each rise counts).
        package var counter: String
        package var counterKind: CounterKind
        package var file: String
        package var line: Int
    }

    package enum CounterKind: String, Sendable, Equatable {
        case integer, collection, flag
    }

    /// The team's object that receives location updates and decides "near enough".
    package struct LocationEntry: Sendable, Equatable {
        package var typeName: String
        package var startMethod: String?
        /// Its method taking a hall (`CLLocationCoordinate2D` or `CLLocation`) and returning `Bool`, with the
        /// argument label (`_` for none) and whether it takes a `CLLocation`.
        package var checkMethod: String
        package var checkLabel: String
        package var checkTakesLocation: Bool
        package var file: String
        package var line: Int
    }

    /// One hall's coordinates found in the project.
    package struct Hall: Sendable, Equatable {
        package var name: String
        package var latitude: Double
        package var longitude: Double
        /// Where: `File.swift:12` or `halls.gpx:4`.
        package var source: String
    }

    package var files: [CompiledFile] = []
    /// What was left out of the compile (a view, the app, a preview), for the class list.
    package var leftOut: [ProjectFinding] = []
    /// What needs a person.
    package var findings: [ProjectFinding] = []
    /// Why the project cannot be graded automatically, nil when it can.
    package var ungradable: String?
    package var motion: MotionEntry?
    package var location: LocationEntry?
    /// The radius of the project's `distance(from:) < r` comparison (used with the grader's naive check when no
    /// location object is driven), metres.
    package var radiusMeters: Double?
    package var halls: [Hall] = []
    package var compile = CompileSettings()
    package var target: XcodeAppTarget?

    /// Protocols whose conformers are SwiftUI (or UIKit bridge) declarations, left out of the compile.
    static let interfaceProtocols: Set<String> = [
        "View", "App", "Scene", "PreviewProvider", "ViewModifier", "Shape", "ButtonStyle", "PrimitiveButtonStyle",
        "ToggleStyle", "LabelStyle", "UIViewRepresentable", "UIViewControllerRepresentable", "UIApplicationDelegate",
        "UIWindowSceneDelegate",
    ]
    static let motionStarts = ["startAccelerometerUpdates", "startDeviceMotionUpdates", "startGyroUpdates"]

    // MARK: - Analysis

    /// Reads a project.
    ///
    /// - Parameters:
    ///   - project: the project's files.
    ///   - hallNames: the rubric's hall names (coordinates are matched to them by name).
    ///   - gpx: the points of each GPX file of the project (relative path → points), read by the caller.
    package static func analyze(_ project: StudentProject, hallNames: [String], gpx: [String: [GPXPoint]]) -> ProjectAnalysis {
        var a = ProjectAnalysis()
        var paths = project.swiftFiles
        if let pf = project.projectFile, let bytes = project.files[pf] {
            do {
                let plist = try PropertyListText.parse(bytes)
                if let target = XcodeAppTarget.read(plist, available: paths) {
                    a.target = target
                    a.compile = CompileSettings(swiftLanguageMode: target.languageMode, defaultIsolation: target.isolation)
                    let missing = target.swiftFiles.filter { project.files[$0] == nil }
                    for m in missing {
                        a.findings.append(ProjectFinding(file: m, "listed in the app target but not in the project; left out"))
                    }
                    paths = target.swiftFiles.filter { project.files[$0] != nil }
                    let others = target.upcomingFeatures.filter { $0 != "InferIsolatedConformances" }
                    if !others.isEmpty {
                        a.findings.append(
                            ProjectFinding(
                                file: pf,
                                "upcoming features \(others.joined(separator: ", ")) are set in the project but not applied by the grader's compile"
                            ))
                    }
                } else {
                    a.findings.append(ProjectFinding(file: pf, "no app target found: every Swift file compiled, Swift 5, nonisolated"))
                }
            } catch {
                a.ungradable = "\(pf):\(error.line): project.pbxproj cannot be read (\(error.message))"
                return a
            }
        } else {
            a.findings.append(ProjectFinding("no project.pbxproj: every Swift file outside test folders compiled, Swift 5, nonisolated"))
            paths = paths.filter { !$0.split(separator: "/").contains { $0.hasSuffix("Tests") } }
        }
        guard !paths.isEmpty else {
            a.ungradable = "the app target has no Swift file"
            return a
        }

        // The interface declarations of every file, then extensions of them.
        let originals = paths.map { (path: $0, scan: SwiftSourceScan(bytes: project.files[$0] ?? [])) }
        var interfaceTypes: Set<String> = ["View", "Scene", "App"]
        for (_, scan) in originals {
            for d in scan.declarations where d.depth == 0 && d.keyword != "extension" && isInterface(d) {
                interfaceTypes.insert(d.name)
            }
        }
        var compiledScans: [(path: String, scan: SwiftSourceScan)] = []
        for (path, scan) in originals {
            var ranges: [ClosedRange<Int>] = []
            for d in scan.declarations
            where d.depth == 0 && (isInterface(d) || (d.keyword == "extension" && interfaceTypes.contains(d.name))) {
                ranges.append(d.firstToken...d.closeBrace)
                a.leftOut.append(ProjectFinding(file: path, line: d.line, "\(d.keyword) \(d.name) (SwiftUI) left out"))
            }
            for k in scan.tokens.indices where scan.tokens[k].kind == .pound && scan.tokens[k].text == "Preview" && scan.enclosing[k] == -1
            {
                var j = k + 1
                if scan.isPunctuation(j, "(") { j = scan.closing(j) + 1 }
                if scan.isPunctuation(j, "{"), let close = scan.partner[j] {
                    ranges.append(k...close)
                    a.leftOut.append(ProjectFinding(file: path, line: scan.tokens[k].line, "#Preview left out"))
                }
            }
            let bytes = ranges.isEmpty ? scan.bytes : scan.blanked(ranges)
            a.files.append(CompiledFile(path: path, bytes: bytes))
            compiledScans.append((path, ranges.isEmpty ? scan : SwiftSourceScan(bytes: bytes)))
        }

        a.findMotion(compiled: compiledScans, originals: originals)
        a.findLocation(compiled: compiledScans, originals: originals)
        a.findButtons(originals)
        a.findHalls(originals, hallNames: hallNames, gpx: gpx)
        if a.ungradable == nil, a.halls.isEmpty {
            a.ungradable =
                "no hall coordinates found (no CLLocation or CLLocationCoordinate2D literal near a rubric hall's name, "
                + "no GPX point named as one)"
        }
        a.findings.sort()
        return a
    }

    static func isInterface(_ d: SwiftDeclaration) -> Bool {
        d.attributes.contains("main") || d.inherits.contains(where: interfaceProtocols.contains)
            || (d.keyword == "extension" && ["View", "Scene", "App"].contains(d.name))
    }

    /// The outermost declaration around token `k` (the type a member belongs to).
    static func owner(_ scan: SwiftSourceScan, _ k: Int) -> SwiftDeclaration? {
        scan.declarations.filter { $0.openBrace < k && k < $0.closeBrace }.min { $0.openBrace < $1.openBrace }
    }

    // MARK: - Motion

    private mutating func findMotion(
        compiled: [(path: String, scan: SwiftSourceScan)], originals: [(path: String, scan: SwiftSourceScan)]
    ) {
        struct Candidate {
            var decl: SwiftDeclaration
            var path: String
            var scan: SwiftSourceScan
            var token: Int
        }
        var candidates: [Candidate] = []
        for (path, scan) in compiled {
            for word in Self.motionStarts {
                for k in scan.occurrences(of: word) where scan.isPunctuation(k + 1, "(") {
                    guard let d = Self.owner(scan, k) else { continue }
                    if !candidates.contains(where: { $0.decl.name == d.name }) {
                        candidates.append(Candidate(decl: d, path: path, scan: scan, token: k))
                    }
                }
            }
        }
        var inViews: [ProjectFinding] = []
        for (path, scan) in originals {
            for word in Self.motionStarts {
                for k in scan.occurrences(of: word) where scan.isPunctuation(k + 1, "(") {
                    let name = Self.owner(scan, k)?.name ?? "?"
                    guard !candidates.contains(where: { $0.decl.name == name }) else { continue }
                    inViews.append(ProjectFinding(file: path, line: scan.tokens[k].line, "motion updates started inside the view \(name)"))
                }
            }
        }
        candidates.sort { ($0.path, $0.decl.line) < ($1.path, $1.decl.line) }
        guard !candidates.isEmpty else {
            if let v = inViews.first {
                ungradable =
                    "\(v.description), which grading leaves out with the views: move the handler into a class of its "
                    + "own, or grade the project by hand in the source format (docs/source-submissions.md)"
                return
            }
            let drags = originals.flatMap { o in o.scan.occurrences(of: "DragGesture").map { (o.path, o.scan.tokens[$0].line) } }
            if let (path, line) = drags.first {
                ungradable =
                    "\(path):\(line): a scribble detector in a DragGesture; scribble projects are not yet driven from the "
                    + "project: grade it by hand in the source format (docs/source-submissions.md)"
            } else {
                ungradable = "no motion or gesture code (no start…Updates call, no DragGesture): nothing to grade automatically"
            }
            return
        }
        // Each candidate's entry point; the one with the clearest "collected" is graded.
        var entries: [(entry: Result<(MotionEntry, [ProjectFinding], Bool), ProjectFinding>, rank: Int)] = []
        for c in candidates { entries.append(Self.motionEntry(c.decl, path: c.path, scan: c.scan, token: c.token)) }
        let best = entries.indices.min { (entries[$0].rank, $0) < (entries[$1].rank, $1) } ?? 0
        if candidates.count + inViews.count > 1 {
            let all = candidates.map { "\($0.decl.name) (\($0.path):\($0.scan.tokens[$0.token].line))" } + inViews.map(\.description)
            let c = candidates[best]
            findings.append(
                ProjectFinding(
                    file: c.path, line: c.scan.tokens[c.token].line,
                    "several candidate detectors: \(all.joined(separator: "; ")); graded: \(c.decl.name), the one whose "
                        + "\"collected\" is clearest"))
        }
        findings += inViews
        switch entries[best].entry {
        case .failure(let why):
            ungradable = why.description
        case .success(let (entry, notes, isPrivate)):
            motion = entry
            findings += notes
            if isPrivate { privateMembers[entry.file, default: []].append(entry.typeName) }
        }
    }

    /// The entry point of one motion-owning declaration: its counter and start method, with a rank (0 best: a
    /// counter named for shakes or collections; 9: none found), or why none was found.
    private static func motionEntry(
        _ d: SwiftDeclaration, path: String, scan: SwiftSourceScan, token: Int
    ) -> (entry: Result<(MotionEntry, [ProjectFinding], Bool), ProjectFinding>, rank: Int) {
        func fail(_ line: Int, _ why: String) -> (entry: Result<(MotionEntry, [ProjectFinding], Bool), ProjectFinding>, rank: Int) {
            (
                .failure(
                    ProjectFinding(file: path, line: line, why + "; grade it by hand in the source format (docs/source-submissions.md)")), 9
            )
        }
        guard d.keyword == "class" || d.keyword == "actor" || d.keyword == "extension" else {
            return fail(d.line, "the motion code is in \(d.keyword) \(d.name), not a class: the grader drives an object")
        }
        let members = scan.properties.filter { $0.isVar && $0.enclosingBrace == d.openBrace }
        func uses(_ name: String, _ pattern: (Int) -> Bool) -> Bool {
            scan.occurrences(of: name).contains { $0 > d.openBrace && $0 < d.closeBrace && pattern($0) }
        }
        var counters: [(property: SwiftProperty, kind: CounterKind, rank: Int)] = []
        for p in members {
            let lower = p.name.lowercased()
            let named = lower.contains("shake") || lower.contains("collect")
            let isInteger = p.type == "Int" || (p.type.isEmpty && Int(p.initialValue) != nil)
            let isBool = p.type == "Bool" || p.initialValue == "false"
            if isInteger, uses(p.name, { scan.isPunctuation($0 + 1, "+") && scan.isPunctuation($0 + 2, "=") }) {
                counters.append((p, .integer, named ? 0 : 3))
            } else if lower.contains("collect"),
                uses(p.name, { k in scan.isPunctuation(k + 1, ".") && (scan.isWord(k + 2, "insert") || scan.isWord(k + 2, "append")) })
            {
                counters.append((p, .collection, 1))
            } else if isBool, uses(p.name, { k in scan.isPunctuation(k + 1, "=") && scan.isWord(k + 2, "true") }) {
                counters.append((p, .flag, named ? 2 : 4))
            }
        }
        counters.sort { ($0.rank, $0.property.line) < ($1.rank, $1.property.line) }
        guard let counter = counters.first else {
            return fail(
                d.line,
                "\(d.name) starts motion updates, but what \"collected\" means was not found (no counter it increments, "
                    + "no collection it grows, no flag it sets true): entry point not found")
        }
        var notes: [ProjectFinding] = []
        if counters.count > 1 {
            notes.append(
                ProjectFinding(
                    file: path, line: counter.property.line,
                    "\"collected\" read as \(counter.property.name) (also possible: "
                        + "\(counters.dropFirst().map(\.property.name).joined(separator: ", "))); check that it is the shake"))
        }
        let start = scan.functions.first { $0.enclosingBrace == d.openBrace && ($0.body.map { $0.contains(token) } ?? false) }
        var startMethod: String? = nil
        if let f = start, f.name != "init" {
            guard f.parameters.isEmpty else {
                return fail(f.line, "\(d.name) starts its motion updates in \(f.name)(…), which takes arguments: entry point not found")
            }
            startMethod = f.name
        }
        let entry = MotionEntry(
            typeName: d.name, startMethod: startMethod, counter: counter.property.name, counterKind: counter.kind, file: path,
            line: d.line)
        let isPrivate = isPrivate(counter.property.modifiers) || (startMethod != nil && isPrivate(start?.modifiers ?? []))
        return (.success((entry, notes, isPrivate)), counter.rank)
    }

    /// Types whose glue must sit in their own file (it reads a private member), by file.
    package var privateMembers: [String: [String]] = [:]

    /// `50` for 50.0, else the number as Swift prints it.
    static func meters(_ r: Double) -> String { r == r.rounded() && abs(r) < 1e9 ? String(Int(r)) : String(r) }

    static func isPrivate(_ modifiers: [String]) -> Bool { modifiers.contains("private") || modifiers.contains("fileprivate") }

    // MARK: - Location

    private mutating func findLocation(
        compiled: [(path: String, scan: SwiftSourceScan)], originals: [(path: String, scan: SwiftSourceScan)]
    ) {
        // The radius of the project's own comparison: distance(from: …) < r or <= r.
        var radii: [(Double, String, Int)] = []
        for (path, scan) in originals {
            for k in scan.occurrences(of: "distance") where scan.isPunctuation(k + 1, "(") {
                var j = scan.closing(k + 1) + 1
                guard scan.isPunctuation(j, "<") else { continue }
                j += scan.isPunctuation(j + 1, "=") ? 2 : 1
                if j < scan.tokens.count, scan.tokens[j].kind == .number,
                    let r = Double(scan.tokens[j].text.replacingOccurrences(of: "_", with: ""))
                {
                    radii.append((r, path, scan.tokens[k].line))
                }
            }
        }
        radiusMeters = radii.first?.0
        if Set(radii.map(\.0)).count > 1 {
            findings.append(
                ProjectFinding(
                    file: radii[0].1, line: radii[0].2,
                    "several distance(from:) radii: \(radii.map { "\(Self.meters($0.0)) m (\($0.1):\($0.2))" }.joined(separator: ", ")); the first is used"
                ))
        }
        // A location read once: requestLocation() and never startUpdatingLocation().
        let requests = originals.flatMap { o in o.scan.occurrences(of: "requestLocation").map { (o.path, o.scan.tokens[$0].line) } }
        let continuous = originals.contains { !$0.scan.occurrences(of: "startUpdatingLocation").isEmpty }
        if let (path, line) = requests.first, !continuous {
            findings.append(
                ProjectFinding(
                    file: path, line: line,
                    "the location is read once (requestLocation()) and never refreshed by startUpdatingLocation(): check "
                        + "that the app asks again before a collect"))
        }
        for (path, scan) in compiled {
            for d in scan.declarations where d.depth == 0 && (d.keyword == "class" || d.keyword == "actor") {
                let isDelegate = d.inherits.contains("CLLocationManagerDelegate")
                guard isDelegate else { continue }
                let methods = scan.functions.filter { $0.enclosingBrace == d.openBrace }
                guard
                    let check = methods.first(where: {
                        $0.returns == "Bool" && $0.parameters.count == 1
                            && ["CLLocationCoordinate2D", "CLLocation"].contains($0.parameters[0].type)
                    })
                else {
                    findings.append(
                        ProjectFinding(
                            file: path, line: d.line,
                            "\(d.name) receives the location but has no method taking a hall and returning Bool: graded "
                                + "with the grader's naive check at the project's radius"))
                    return
                }
                let starts = ["requestLocation", "startUpdatingLocation"].flatMap { scan.occurrences(of: $0) }
                    .filter { $0 > d.openBrace && $0 < d.closeBrace }
                let startedByItself = starts.contains { k in
                    methods.contains { f in
                        (f.name == "init" || f.name == "locationManagerDidChangeAuthorization") && (f.body?.contains(k) ?? false)
                    }
                }
                let starter = methods.first { f in
                    f.parameters.isEmpty && f.name != "init" && starts.contains { f.body?.contains($0) ?? false }
                }
                location = LocationEntry(
                    typeName: d.name, startMethod: startedByItself ? nil : starter?.name, checkMethod: check.name,
                    checkLabel: check.parameters[0].label, checkTakesLocation: check.parameters[0].type == "CLLocation", file: path,
                    line: d.line)
                if Self.isPrivate(check.modifiers) || Self.isPrivate(starter?.modifiers ?? []) {
                    privateMembers[path, default: []].append(d.name)
                }
                return
            }
        }
    }

    // MARK: - Buttons

    private mutating func findButtons(_ originals: [(path: String, scan: SwiftSourceScan)]) {
        for (path, scan) in originals {
            for k in scan.occurrences(of: "Button") where scan.isPunctuation(k + 1, "(") || scan.isPunctuation(k + 1, "{") {
                let end = min(scan.tokens.count, k + 60)
                guard
                    let label = (k..<end).first(where: {
                        scan.tokens[$0].kind == .string && scan.tokens[$0].text.lowercased().contains("collect")
                    })
                else { continue }
                findings.append(
                    ProjectFinding(
                        file: path, line: scan.tokens[k].line,
                        "a button \"\(scan.tokens[label].text)\": a collect path that need not pass through the gesture; "
                            + "check that it needs a shake"))
            }
        }
    }

    // MARK: - Halls

    /// `1920 Commons` → `1920commons`.
    static func normalized(_ s: String) -> String {
        String(s.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// The rubric hall a name in the project stands for: equal after normalising, else the one hall whose
    /// normalised name contains it or is contained in it (at least 5 characters).
    static func hall(named text: String, among names: [String]) -> String? {
        let n = normalized(text)
        guard n.count >= 3 else { return nil }
        if let exact = names.first(where: { normalized($0) == n }) { return exact }
        guard n.count >= 5 else { return nil }
        let near = names.filter { normalized($0).contains(n) || n.contains(normalized($0)) }
        return near.count == 1 ? near[0] : nil
    }

    private mutating func findHalls(
        _ originals: [(path: String, scan: SwiftSourceScan)], hallNames: [String], gpx: [String: [GPXPoint]]
    ) {
        func number(_ scan: SwiftSourceScan, _ k: inout Int) -> Double? {
            var sign = 1.0
            if scan.isPunctuation(k, "-") {
                sign = -1
                k += 1
            }
            guard k < scan.tokens.count, scan.tokens[k].kind == .number, let v = Double(scan.tokens[k].text) else { return nil }
            k += 1
            return sign * v
        }
        var found: [String: Hall] = [:]
        for (path, scan) in originals {
            for k in scan.tokens.indices
            where (scan.isWord(k, "CLLocationCoordinate2D") || scan.isWord(k, "CLLocation")) && scan.isPunctuation(k + 1, "(")
                && scan.isWord(k + 2, "latitude") && scan.isPunctuation(k + 3, ":")
            {
                var j = k + 4
                guard let lat = number(scan, &j), scan.isPunctuation(j, ","), scan.isWord(j + 1, "longitude"),
                    scan.isPunctuation(j + 2, ":")
                else { continue }
                j += 3
                guard let lon = number(scan, &j) else { continue }
                // A name on the same line or the three before: string literals first, then identifiers.
                let line = scan.tokens[k].line
                let near = scan.tokens.indices.filter {
                    scan.tokens[$0].line <= line && scan.tokens[$0].line >= line - 3 && $0 != k
                }
                let nearStrings = near.filter { scan.tokens[$0].kind == .string }
                    .sorted { abs($0 - k) < abs($1 - k) }
                let nearWords = near.filter { scan.tokens[$0].kind == .word && scan.tokens[$0].line == line }
                guard
                    let name = (nearStrings + nearWords).lazy.compactMap({ Self.hall(named: scan.tokens[$0].text, among: hallNames) }).first
                else { continue }
                let hall = Hall(name: name, latitude: lat, longitude: lon, source: "\(path):\(line)")
                if let other = found[name] {
                    if other.latitude != lat || other.longitude != lon {
                        findings.append(
                            ProjectFinding(
                                file: path, line: line,
                                "\(name) has other coordinates at \(other.source); the first are graded"))
                    }
                } else {
                    found[name] = hall
                }
            }
        }
        for (file, points) in gpx.sorted(by: { $0.key < $1.key }) {
            for p in points {
                guard let n = p.name, let name = Self.hall(named: n, among: hallNames), found[name] == nil else { continue }
                found[name] = Hall(name: name, latitude: p.latitudeDegrees, longitude: p.longitudeDegrees, source: "\(file):\(p.line)")
            }
        }
        halls = hallNames.compactMap { found[$0] }
        let missing = hallNames.filter { found[$0] == nil }
        if !halls.isEmpty, !missing.isEmpty {
            findings.append(
                ProjectFinding("no coordinates found for \(missing.count) of \(hallNames.count) halls: \(missing.joined(separator: ", "))"))
        }
    }
}
