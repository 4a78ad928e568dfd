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
        /// Swift the glue adds before its extension (a subclass counting calls), empty when none.
        package var declarations = ""
    }

    package enum CounterKind: String, Sendable, Equatable {
        /// An `Int` it increments.
        case integer
        /// A collection it grows: its `count`.
        case collection
        /// A `Bool` it sets true: each rise.
        case flag
        /// Calls of a method (`collect(hall)`, `markCollected()`), counted by a subclass that overrides it.
        case calls
    }

    /// The member a generated subclass counts calls of a collect method in.
    static let callCounter = "sensorBenchCollectCalls"

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
    /// The view whose closures are driven (a detector in `.onAppear`/`.onReceive`, a scribble `DragGesture`).
    package var view: ViewDriver?
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
                    a.compile = CompileSettings(
                        swiftLanguageMode: target.languageMode, defaultIsolation: target.isolation,
                        upcomingFeatures: target.upcomingFeatures)
                    let missing = target.swiftFiles.filter { project.files[$0] == nil }
                    for m in missing {
                        a.findings.append(ProjectFinding(file: m, "listed in the app target but not in the project; left out"))
                    }
                    paths = target.swiftFiles.filter { project.files[$0] != nil }
                    let refused = target.upcomingFeatures.filter { !CompileSettings.isFeatureName($0) }
                    if !refused.isEmpty {
                        a.findings.append(
                            ProjectFinding(
                                file: pf,
                                "upcoming features \(refused.map { "\"\(TeamFile.shown($0))\"" }.joined(separator: ", ")) are not "
                                    + "feature names (ASCII letters and digits): not applied"))
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
        // A view holding the detection code is driven when no class outside the views starts motion updates (a
        // scribble view: when nothing starts them).
        let classStarts = originals.contains { o in
            motionStarts.contains { w in
                o.scan.occurrences(of: w).contains { k in
                    o.scan.isPunctuation(k + 1, "(")
                        && !(owner(o.scan, k).map { isInterface($0) || interfaceTypes.contains($0.name) } ?? false)
                }
            }
        }
        var drivers: [(path: String, result: Result<ViewDriver, ProjectFinding>)] = []
        if !classStarts {
            for (path, scan) in originals {
                for d in scan.declarations where d.depth == 0 && d.keyword != "extension" && d.inherits.contains("View") {
                    if let r = viewDriver(d, path: path, scan: scan) { drivers.append((path, r)) }
                }
            }
            let shakes = drivers.filter { (try? $0.result.get())?.gesture != "scribble" }
            if !shakes.isEmpty { drivers = shakes }
        }
        if let first = drivers.first {
            switch first.result {
            case .success(let v):
                a.view = v
                if drivers.count > 1 {
                    let others = drivers.dropFirst().map { d in
                        (try? d.result.get()).map { "\($0.viewType) (\($0.file):\($0.line))" } ?? d.path
                    }
                    a.findings.append(
                        ProjectFinding(
                            file: v.file, line: v.line,
                            "several views hold detection code: \(v.viewType) is driven; also \(others.joined(separator: "; "))"))
                }
            case .failure(let why):
                a.ungradable = why.description
                return a
            }
        }
        var compiledScans: [(path: String, scan: SwiftSourceScan)] = []
        for (path, scan) in originals {
            var ranges: [ClosedRange<Int>] = []
            for d in scan.declarations
            where d.depth == 0 && (isInterface(d) || (d.keyword == "extension" && interfaceTypes.contains(d.name))) {
                if let v = a.view, v.file == path, v.viewType == d.name, d.keyword != "extension" {
                    ranges += v.blanked
                    a.leftOut.append(
                        ProjectFinding(
                            file: path, line: d.line,
                            "\(d.keyword) \(d.name) (SwiftUI): its interface left out, its properties and methods kept, its "
                                + "closures driven"))
                    continue
                }
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
        if candidates.isEmpty, let v = view {
            if v.gesture == "shake" {
                motion = MotionEntry(
                    typeName: v.driverType, startMethod: "sensorBenchAppear_",
                    counter: v.counterKind == .flag ? "view.sensorBenchCount_ == 1" : "view.sensorBenchCount_",
                    counterKind: v.counterKind == .flag ? .flag : .integer, file: v.file, line: v.line)
            }
            return
        }
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
        for c in candidates { entries.append(Self.motionEntry(c.decl, path: c.path, scan: c.scan, token: c.token, all: compiled)) }
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
        _ d: SwiftDeclaration, path: String, scan: SwiftSourceScan, token: Int, all: [(path: String, scan: SwiftSourceScan)]
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
        var counters: [Counter] = []
        for p in members {
            let lower = p.name.lowercased()
            let named = lower.contains("shake") || lower.contains("collect")
            let isInteger = p.type == "Int" || (p.type.isEmpty && Int(p.initialValue) != nil)
            let isBool = p.type == "Bool" || p.initialValue == "false"
            if isInteger, uses(p.name, { scan.isPunctuation($0 + 1, "+") && scan.isPunctuation($0 + 2, "=") }) {
                counters.append(
                    Counter(
                        name: p.name, expression: p.name, kind: .integer, rank: named ? 0 : 3, line: p.line,
                        isPrivate: isPrivate(p.modifiers)))
            } else if lower.contains("collect"),
                uses(p.name, { k in scan.isPunctuation(k + 1, ".") && (scan.isWord(k + 2, "insert") || scan.isWord(k + 2, "append")) })
            {
                counters.append(
                    Counter(name: p.name, expression: p.name, kind: .collection, rank: 1, line: p.line, isPrivate: isPrivate(p.modifiers)))
            } else if isBool, uses(p.name, { k in scan.isPunctuation(k + 1, "=") && scan.isWord(k + 2, "true") }) {
                counters.append(
                    Counter(
                        name: p.name, expression: p.name, kind: .flag, rank: named ? 2 : 4, line: p.line, isPrivate: isPrivate(p.modifiers))
                )
            }
        }
        var refusedCalls: [ProjectFinding] = []
        for call in collectCalls(in: d, scan: scan) {
            switch callCounter(call, in: d, path: path, scan: scan, all: all) {
            case .success(let c): if !counters.contains(where: { $0.expression == c.expression }) { counters.append(c) }
            case .failure(let why): refusedCalls.append(why)
            }
        }
        counters.sort { ($0.rank, $0.line) < ($1.rank, $1.line) }
        guard let counter = counters.first else {
            if let why = refusedCalls.first { return fail(why.line, why.text) }
            return fail(
                d.line,
                "\(d.name) starts motion updates, but what \"collected\" means was not found (no counter it increments, "
                    + "no collection it grows, no flag it sets true, no collect method it calls): entry point not found")
        }
        var notes: [ProjectFinding] = []
        if counters.count > 1 {
            notes.append(
                ProjectFinding(
                    file: path, line: counter.line,
                    "\"collected\" read as \(counter.name) (also possible: "
                        + "\(counters.dropFirst().map(\.name).joined(separator: ", "))); check that it is the shake"))
        }
        let start = scan.functions.first { $0.enclosingBrace == d.openBrace && ($0.body.map { $0.contains(token) } ?? false) }
        var startMethod: String? = nil
        if let f = start, f.name != "init" {
            guard f.parameters.isEmpty else {
                return fail(f.line, "\(d.name) starts its motion updates in \(f.name)(…), which takes arguments: entry point not found")
            }
            startMethod = f.name
        }
        if counter.subclass != nil, isPrivate(start?.modifiers ?? []) {
            return fail(
                counter.line,
                "\(d.name)'s start method \(startMethod ?? "init")() is private, so the subclass counting \(counter.name) cannot call it")
        }
        var entry = MotionEntry(
            typeName: counter.subclass == nil ? d.name : "SensorBenchCounted_\(d.name)", startMethod: startMethod,
            counter: counter.expression, counterKind: counter.kind, file: path, line: d.line)
        entry.declarations = counter.subclass ?? ""
        let isPrivate = counter.isPrivate || (startMethod != nil && isPrivate(start?.modifiers ?? []))
        return (.success((entry, notes, isPrivate)), counter.rank)
    }

    /// One reading of "collected" in a motion owner: what the glue reads (`shakeCount`, `store.collected`, the
    /// calls counted by a subclass), how it counts, and how clear it is (rank 0 clearest).
    struct Counter {
        var name: String
        var expression: String
        var kind: CounterKind
        var rank: Int
        var line: Int
        var isPrivate: Bool
        /// The subclass counting calls (``CounterKind/calls``), nil otherwise.
        var subclass: String? = nil
    }

    /// A call in a motion owner of a method whose name says it collects: `collect(hall)`, `self.markCollected()`,
    /// `store.collect(…)`, `HuntStore.shared.add(…)` does not count (its name says nothing of collecting).
    struct CollectCall {
        /// The words before the method (`store`, `HuntStore.shared`), `self` dropped; empty for the owner's own.
        var receiver: [String]
        var method: String
        var line: Int
    }

    static func collectCalls(in d: SwiftDeclaration, scan: SwiftSourceScan) -> [CollectCall] {
        var out: [CollectCall] = []
        var k = d.openBrace + 1
        while k < d.closeBrace {
            defer { k += 1 }
            let t = scan.tokens[k]
            guard t.kind == .word, t.text.lowercased().contains("collect"), scan.isPunctuation(k + 1, "("),
                !scan.isWord(k - 1, "func")
            else { continue }
            var receiver: [String] = []
            var j = k - 1
            while scan.isPunctuation(j, "."), j >= 1, scan.tokens[j - 1].kind == .word {
                receiver.insert(scan.tokens[j - 1].text, at: 0)
                j -= 2
            }
            // An optional chain, a call result or a subscript before the dot: not a receiver the glue can name.
            if scan.isPunctuation(j, ".") || scan.isPunctuation(j, "?") && scan.isPunctuation(j + 1, ".") { continue }
            if receiver.first == "self" { receiver.removeFirst() }
            if !out.contains(where: { $0.receiver == receiver && $0.method == t.text }) {
                out.append(CollectCall(receiver: receiver, method: t.text, line: t.line))
            }
        }
        return out
    }

    /// How a collect call is counted: through the state the called method changes (a counter, a collection, a
    /// flag of the receiver's type, read through the receiver), or, for a method of the owner itself that changes
    /// nothing countable, by a generated subclass overriding it. Fails with the reason a person must look.
    static func callCounter(
        _ call: CollectCall, in d: SwiftDeclaration, path: String, scan: SwiftSourceScan, all: [(path: String, scan: SwiftSourceScan)]
    ) -> Result<Counter, ProjectFinding> {
        let shown = (call.receiver + [call.method]).joined(separator: ".")
        func refuse(_ why: String) -> Result<Counter, ProjectFinding> {
            .failure(
                ProjectFinding(
                    file: path, line: call.line, "\(d.name) calls \(shown)(…) when it collects, but \(why): entry point not found"))
        }
        // The receiver's type: the owner, a stored property's type, or a type named before `.shared`.
        var typeName = d.name
        var prefix = ""
        if let first = call.receiver.first {
            if call.receiver.count == 1,
                let p = scan.properties.first(where: { $0.enclosingBrace == d.openBrace && $0.name == first })
            {
                let written = p.type.isEmpty ? p.initialValue : p.type
                guard !written.hasSuffix("?"), !written.hasSuffix("!"), let c = written.first, c.isUppercase else {
                    return refuse("the type of \(first) is not written as a plain type name")
                }
                typeName = written
            } else if call.receiver.count == 2, let c = first.first, c.isUppercase {
                typeName = first
            } else {
                return refuse("its receiver is not a stored property or a shared instance")
            }
            prefix = call.receiver.joined(separator: ".") + "."
            guard !isPrivate(scan.properties.first { $0.enclosingBrace == d.openBrace && $0.name == first }?.modifiers ?? []) else {
                return refuse("\(first) is private")
            }
        }
        // The method and the type's state it changes.
        var method: (SwiftFunction, SwiftDeclaration, String, SwiftSourceScan)? = nil
        var counters: [Counter] = []
        for (p, sc) in all {
            for t in sc.declarations where t.name == typeName && t.depth == 0 {
                if method == nil, let f = sc.functions.first(where: { $0.enclosingBrace == t.openBrace && $0.name == call.method }) {
                    method = (f, t, p, sc)
                }
            }
        }
        guard let (f, owner, methodPath, fs) = method, let body = f.body else {
            return refuse("\(call.method) is not a method of \(typeName) in the project")
        }
        guard f.returns.isEmpty || f.returns == "Void" else {
            return refuse("\(call.method) returns \(f.returns) (a question, not an action)")
        }
        for (propertyPath, sc) in all {
            for t in sc.declarations where t.name == typeName && t.depth == 0 {
                for p in sc.properties where p.isVar && p.enclosingBrace == t.openBrace && !isPrivate(p.modifiers) {
                    let inBody = propertyPath == methodPath ? fs.occurrences(of: p.name).filter { body.contains($0) } : []
                    let isInteger = p.type == "Int" || (p.type.isEmpty && Int(p.initialValue) != nil)
                    let isBool = p.type == "Bool" || p.initialValue == "false"
                    func counter(_ kind: CounterKind) -> Counter {
                        Counter(name: prefix + p.name, expression: prefix + p.name, kind: kind, rank: 1, line: call.line, isPrivate: false)
                    }
                    if isInteger, inBody.contains(where: { fs.isPunctuation($0 + 1, "+") && fs.isPunctuation($0 + 2, "=") }) {
                        counters.append(counter(.integer))
                    } else if inBody.contains(where: { k in
                        fs.isPunctuation(k + 1, ".") && (fs.isWord(k + 2, "insert") || fs.isWord(k + 2, "append"))
                    }) {
                        counters.append(counter(.collection))
                    } else if isBool, inBody.contains(where: { k in fs.isPunctuation(k + 1, "=") && fs.isWord(k + 2, "true") }) {
                        counters.append(counter(.flag))
                    }
                }
            }
        }
        if let c = counters.first { return .success(c) }
        guard call.receiver.isEmpty else {
            return refuse("\(call.method) changes no counter, collection or flag of \(typeName) that the grader can read")
        }
        // The owner's own method: a subclass counts its calls.
        guard owner.keyword == "class" || d.keyword == "class" else {
            return refuse("\(d.name) is not a class, so its calls cannot be counted")
        }
        let classDecl = scan.declarations.first { $0.name == d.name && $0.keyword == "class" } ?? d
        guard !classDecl.modifiers.contains("final") else {
            return refuse("\(d.name) is final, so a subclass cannot count the calls")
        }
        guard !f.modifiers.contains(where: { ["private", "fileprivate", "final", "static", "class"].contains($0) }) else {
            return refuse("\(call.method) is \(f.modifiers.joined(separator: " ")), so a subclass cannot count the calls")
        }
        guard !f.parameters.contains(where: { $0.name == "_" }) else {
            return refuse("\(call.method) has a parameter without a name, so a subclass cannot pass it on")
        }
        let clause = fs.text(f.parameterClause)
        let arguments = f.parameters.map { $0.label == "_" ? $0.name : "\($0.label): \($0.name)" }.joined(separator: ", ")
        let effects = fs.tokens[(f.parameterClause.upperBound + 1)..<body.lowerBound].map(\.text)
        let marks = (effects.contains("throws") ? "try " : "") + (effects.contains("async") ? "await " : "")
        let signature =
            f.parameterClause.upperBound + 1 < body.lowerBound
            ? fs.text((f.parameterClause.upperBound + 1)...(body.lowerBound - 1)) : ""
        let subclass = """
            /// Counts the calls of \(d.name).\(f.name)(…), the project's "collected".
            class SensorBenchCounted_\(d.name): \(d.name) {
                var \(callCounter) = 0
                override func \(f.name)\(clause)\(signature.isEmpty ? "" : " " + signature) {
                    \(callCounter) += 1
                    \(f.returns.isEmpty ? "" : "return ")\(marks)super.\(f.name)(\(arguments))
                }
            }

            """
        return .success(
            Counter(
                name: "calls of \(shown)(…)", expression: callCounter, kind: .calls, rank: 1, line: call.line, isPrivate: false,
                subclass: subclass))
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
