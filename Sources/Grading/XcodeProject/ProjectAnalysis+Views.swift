// MARK: - A detector or scribble inside a SwiftUI view, driven through its own closures

/// A view whose closures hold the team's detection code (`.onAppear`, `.onReceive` of a timer, a
/// `DragGesture`'s `.onChanged`/`.onEnded`), driven without changing a byte of it.
///
/// The view's file is compiled with only its SwiftUI parts blanked: the `: View` clause and the members that
/// build the interface (`body`, other `some View` members). Its stored properties and methods stay, byte for
/// byte. The statements of each closure are copied, unchanged, into a generated method of an extension of the
/// view in the same file (so `private` members stay reachable), under `#sourceLocation` so a compiler message
/// names the student's own file and line. A generated wrapper makes the view (`V()`, as the app does), calls
/// the `onAppear` statements as the phone does when the screen appears, fires the `onReceive` statements on
/// every tick of the timer the view subscribes to (on the simulated clock), and feeds drag values to the
/// gesture statements. Module-level stand-ins of `@State` (storage shared by every copy of the view, as SwiftUI
/// keeps it), `@StateObject`, `@ObservedObject` and `Timer.publish(every:on:in:).autoconnect()` are generated
/// only for such a project.
package struct ViewDriver: Sendable, Equatable {
    package var viewType: String
    package var file: String
    package var line: Int
    /// `"shake"` or `"scribble"`.
    package var gesture: String
    /// The generated type the harness makes (`SensorBenchDriven_V`, `SensorBenchScribble_V`).
    package var driverType: String
    /// The view's member read as "collected" and how it counts.
    package var counter: String
    package var counterKind: ProjectAnalysis.CounterKind
    /// Token ranges of the view's file blanked in the compiled copy (the `: View` clause, `body`, …).
    package var blanked: [ClosedRange<Int>]
    /// Swift appended to the view's file: the extension with the copied closure statements.
    package var appended: String
    /// The wrapper the harness makes (in the generated stand-ins file, which imports `DetectionCore`).
    package var driver: String
}

extension ProjectAnalysis {
    /// Property wrappers a driven view may use: generated stand-ins exist for the first three, Combine's
    /// `@Published` is in the shims.
    static let drivenWrappers: Set<String> = ["State", "StateObject", "ObservedObject", "Published"]

    /// One closure found in a view: its parameter names and the byte range of its statements.
    struct ViewClosure {
        var parameters: [String]
        /// Bytes of the statements: from after `in` (or `{`) to before the closing `}`.
        var bytes: Range<Int>
        /// The line the copied bytes start on.
        var line: Int
    }

    /// The closure opened at brace `open`: `{ [capture] a, b in statements }` or `{ statements }`.
    static func closure(_ scan: SwiftSourceScan, open: Int) -> ViewClosure? {
        guard scan.isPunctuation(open, "{"), let close = scan.partner[open] else { return nil }
        var names: [String] = []
        var k = open + 1
        if scan.isPunctuation(k, "[") { k = scan.closing(k) + 1 }
        var j = k
        var sawIn = false
        while j < close {
            let t = scan.tokens[j]
            if t.kind == .word, t.text == "in" {
                sawIn = true
                break
            }
            guard t.kind == .word || [",", "(", ")", ":", "_", ".", "?", "<", ">"].contains(t.text) else { break }
            if t.kind == .word, !scan.isPunctuation(j - 1, ":"), !scan.isPunctuation(j - 1, "."), !scan.isPunctuation(j - 1, "<") {
                names.append(t.text)
            }
            j += 1
        }
        // `{ for x in xs { … } }`: statements, not parameters.
        let statementWords: Set<String> = ["for", "if", "let", "var", "guard", "return", "try", "await", "switch", "while", "case"]
        if names.contains(where: statementWords.contains) { sawIn = false }
        let startToken = sawIn ? j : open
        if !sawIn { names = [] }
        return ViewClosure(
            parameters: names, bytes: scan.tokens[startToken].end..<scan.tokens[close].start, line: scan.tokens[startToken].line)
    }

    /// The closure of a modifier call at token `k` (`.onAppear`): its trailing closure, or the closure given as
    /// the last argument (`perform:`), with the token range of the parenthesised arguments when any.
    static func modifierClosure(_ scan: SwiftSourceScan, _ k: Int) -> (open: Int, arguments: ClosedRange<Int>?)? {
        var j = k + 1
        var arguments: ClosedRange<Int>? = nil
        if scan.isPunctuation(j, "(") {
            let close = scan.closing(j)
            arguments = j...close
            // A closure as the last argument: `(timer, perform: { … })`, `(perform: { … })`, `({ … })`.
            if scan.isPunctuation(close - 1, "}"), let open = scan.partner[close - 1] { return (open, arguments) }
            j = close + 1
        }
        return scan.isPunctuation(j, "{") ? (j, arguments) : nil
    }

    /// Tries to drive the view `d` of `path`; nil when it holds no detection code, else the driver or why not.
    static func viewDriver(_ d: SwiftDeclaration, path: String, scan: SwiftSourceScan) -> Result<ViewDriver, ProjectFinding>? {
        let range = d.openBrace...d.closeBrace
        let inView = { (k: Int) in range.contains(k) }
        let starts = motionStarts.flatMap { scan.occurrences(of: $0) }.filter { inView($0) && scan.isPunctuation($0 + 1, "(") }
        let drags = scan.occurrences(of: "DragGesture").filter(inView)
        guard !starts.isEmpty || !drags.isEmpty else { return nil }
        func refuse(_ line: Int, _ why: String) -> Result<ViewDriver, ProjectFinding> {
            .failure(
                ProjectFinding(
                    file: path, line: line,
                    "\(why); grade it by hand in the source format (docs/source-submissions.md)"))
        }
        let gesture = starts.isEmpty ? "scribble" : "shake"
        let where_ = scan.tokens[(starts + drags).min() ?? d.openBrace].line
        guard d.keyword == "struct" else {
            return refuse(where_, "the detection code is in \(d.keyword) \(d.name), a view that is not a struct")
        }
        let members = scan.properties.filter { $0.enclosingBrace == d.openBrace }
        for p in members {
            if let w = p.attributes.first(where: { !drivenWrappers.contains($0) && $0.first?.isUppercase == true }) {
                return refuse(
                    p.line,
                    "the view \(d.name) holds its detection code and uses @\(w), which the grader's view stand-ins do not "
                        + "provide (only @State, @StateObject, @ObservedObject, @Published)")
            }
        }
        // What is blanked: the `: View` clause and the members that build the interface.
        var blanked: [ClosedRange<Int>] = []
        var colon = d.openBrace - 1
        while colon > d.firstToken, !scan.isPunctuation(colon, ":") { colon -= 1 }
        if colon > d.firstToken, scan.isPunctuation(colon, ":") { blanked.append(colon...(d.openBrace - 1)) }
        var interface: [ClosedRange<Int>] = []
        for p in members where p.name == "body" || p.type.hasPrefix("some ") || p.attributes.contains("ViewBuilder") {
            var open = p.keywordToken
            while open < d.closeBrace, !scan.isPunctuation(open, "{") { open += 1 }
            guard let close = scan.partner[open] else { continue }
            interface.append(p.firstToken...close)
        }
        for f in scan.functions where f.enclosingBrace == d.openBrace && f.returns.hasPrefix("some ") {
            guard let body = f.body else { continue }
            var first = f.parameterClause.lowerBound
            while first > d.openBrace + 1, !scan.isWord(first, "func") { first -= 1 }
            while first > d.openBrace + 1,
                scan.tokens[first - 1].kind == .attribute || SwiftSourceScan.modifierWords.contains(scan.tokens[first - 1].text)
            {
                first -= 1
            }
            interface.append(first...body.upperBound)
        }
        blanked += interface

        // The closures, all inside what is blanked (they are copied, not compiled in place).
        func word(_ k: Int, _ w: String) -> Bool { scan.isWord(k, w) && scan.isPunctuation(k - 1, ".") }
        var appear: [ViewClosure] = []
        var receive: [(closure: ViewClosure, publisher: String, line: Int)] = []
        var changed: [ViewClosure] = []
        var ended: [ViewClosure] = []
        for ui in interface {
            for k in ui where scan.tokens[k].kind == .word {
                if word(k, "onAppear"), let m = modifierClosure(scan, k), let c = closure(scan, open: m.open) {
                    appear.append(c)
                } else if word(k, "onReceive"), let m = modifierClosure(scan, k), let args = m.arguments,
                    let c = closure(scan, open: m.open)
                {
                    // The publisher: the first argument.
                    var e = args.lowerBound + 1
                    var depth = 0
                    while e < args.upperBound {
                        if ["(", "[", "{"].contains(scan.tokens[e].text), scan.tokens[e].kind == .punctuation { depth += 1 }
                        if [")", "]", "}"].contains(scan.tokens[e].text), scan.tokens[e].kind == .punctuation { depth -= 1 }
                        if depth == 0, scan.isPunctuation(e, ",") { break }
                        e += 1
                    }
                    guard e > args.lowerBound + 1 else { continue }
                    receive.append((c, scan.text((args.lowerBound + 1)...(e - 1)), scan.tokens[k].line))
                } else if gesture == "scribble", word(k, "onChanged") || word(k, "onEnded"), let m = modifierClosure(scan, k),
                    let c = closure(scan, open: m.open)
                {
                    if scan.tokens[k].text == "onChanged" { changed.append(c) } else { ended.append(c) }
                }
            }
        }
        // Every onReceive must be of a timer made with Timer.publish (a property of the view or written in place).
        for r in receive {
            let p = members.first { $0.name == r.publisher }
            let isTimer =
                r.publisher.hasPrefix("Timer.publish")
                || (p != nil
                    && scan.tokens.indices.contains { k in
                        k > p!.keywordToken && k < p!.keywordToken + 6 && scan.isWord(k, "Timer") && scan.isPunctuation(k + 1, ".")
                            && scan.isWord(k + 2, "publish")
                    })
            guard isTimer else {
                return refuse(
                    r.line,
                    "the view \(d.name) receives \(r.publisher) in onReceive; only a "
                        + "Timer.publish timer is driven")
            }
        }
        if gesture == "scribble", changed.isEmpty, ended.isEmpty {
            return refuse(where_, "a DragGesture in \(d.name) without an onChanged or onEnded closure")
        }
        for c in (changed + ended + receive.map(\.closure)) where c.parameters.count > 1 {
            return refuse(c.line, "a closure of \(d.name) takes \(c.parameters.count) parameters where one is expected")
        }

        // "Collected": a member of the view the closures change.
        let counters = memberCounters(d, scan: scan)
        guard let counter = counters.first else {
            return refuse(
                d.line,
                "the view \(d.name) holds the detection code, but what \"collected\" means was not found (no counter it "
                    + "increments, no collection it grows, no flag it sets true): entry point not found")
        }

        // The generated extension and wrapper.
        let source = ProjectGlue.json(path)
        func method(_ name: String, _ c: ViewClosure, parameter: String?) -> String {
            var out = "    func \(name)(\(parameter.map { "_ sensorBenchValue_: \($0)" } ?? "")) {\n"
            if parameter != nil, let p = c.parameters.first, p != "_" { out += "        let \(p) = sensorBenchValue_\n" }
            out += "#sourceLocation(file: \(source), line: \(c.line))\n"
            out += String(decoding: scan.bytes[c.bytes], as: UTF8.self)
            out += "\n#sourceLocation()\n    }\n"
            return out
        }
        var ext = "extension \(d.name) {\n"
        let count: String
        switch counter.kind {
        case .integer, .calls: count = counter.expression
        case .collection: count = "\(counter.expression).count"
        case .flag: count = "\(counter.expression) ? 1 : 0"
        }
        ext += "    var sensorBenchCount_: Int { \(count) }\n"
        var driver = ""
        let driverType: String
        if gesture == "shake" {
            ext += "    func sensorBenchAppear_() {\n"
            for (i, _) in appear.enumerated() { ext += "        sensorBenchAppear\(i)_()\n" }
            for (i, r) in receive.enumerated() {
                ext +=
                    "        Timer.scheduledTimer(withTimeInterval: (\(r.publisher)).sensorBenchInterval_, repeats: true) { _ in "
                    + "self.sensorBenchReceive\(i)_(Date()) }\n"
            }
            ext += "    }\n"
            for (i, c) in appear.enumerated() { ext += method("sensorBenchAppear\(i)_", c, parameter: nil) }
            for (i, r) in receive.enumerated() { ext += method("sensorBenchReceive\(i)_", r.closure, parameter: "Date") }
            driverType = "SensorBenchDriven_\(d.name)"
            driver = """
                /// The view \(d.name) as the phone runs it: made once, its onAppear and timers started by the harness.
                final class \(driverType) {
                    let view = \(d.name)()
                    func sensorBenchAppear_() { view.sensorBenchAppear_() }
                }

                """
        } else {
            for (i, c) in changed.enumerated() { ext += method("sensorBenchChanged\(i)_", c, parameter: "DragGesture.Value") }
            for (i, c) in ended.enumerated() { ext += method("sensorBenchEnded\(i)_", c, parameter: "DragGesture.Value") }
            driverType = "SensorBenchScribble_\(d.name)"
            let fired =
                counter.kind == .flag
                ? "let now = view.sensorBenchCount_\n        defer { sensorBenchSeen_ = now }\n        return now == 1 && sensorBenchSeen_ == 0"
                : "let now = view.sensorBenchCount_\n        defer { sensorBenchSeen_ = now }\n        return now > sensorBenchSeen_"
            driver = """
                /// The view \(d.name)'s drag gesture as SwiftUI drives it: onChanged with every touch point (the value's
                /// start is the touch's first point), onEnded with the last value when the finger lifts.
                struct \(driverType): ScribbleDetecting {
                    let view = \(d.name)()
                    var sensorBenchStart_: CGPoint? = nil
                    var sensorBenchLast_: DragGesture.Value? = nil
                    var sensorBenchSeen_ = 0

                    mutating func consume(_ point: TouchPoint) -> Bool {
                        let start = sensorBenchStart_ ?? CGPoint(x: point.x, y: point.y)
                        sensorBenchStart_ = start
                        let value = DragGesture.Value(point, startLocation: start)
                        sensorBenchLast_ = value
                \(changed.indices.map { "        view.sensorBenchChanged\($0)_(value)" }.joined(separator: "\n"))
                        \(fired)
                    }

                    mutating func touchEnded() {
                        if let value = sensorBenchLast_ {
                \(ended.indices.map { "            view.sensorBenchEnded\($0)_(value)" }.joined(separator: "\n"))
                            _ = value
                        }
                        sensorBenchStart_ = nil
                        sensorBenchLast_ = nil
                    }
                }

                """
        }
        ext += "}\n"
        return .success(
            ViewDriver(
                viewType: d.name, file: path, line: d.line, gesture: gesture, driverType: driverType, counter: counter.name,
                counterKind: counter.kind, blanked: blanked, appended: ext, driver: driver))
    }

    /// The members of `d` its code changes as "collected" would: an `Int` it increments, a collection whose name
    /// says collect that it grows, a `Bool` it sets true; clearest first (names with "shake" or "collect").
    static func memberCounters(_ d: SwiftDeclaration, scan: SwiftSourceScan) -> [Counter] {
        let members = scan.properties.filter { $0.isVar && $0.enclosingBrace == d.openBrace }
        func uses(_ name: String, _ pattern: (Int) -> Bool) -> Bool {
            scan.occurrences(of: name).contains { $0 > d.openBrace && $0 < d.closeBrace && pattern($0) }
        }
        var counters: [Counter] = []
        for p in members {
            let lower = p.name.lowercased()
            let named = lower.contains("shake") || lower.contains("collect") || lower.contains("scribble")
            let isInteger = p.type == "Int" || (p.type.isEmpty && Int(p.initialValue) != nil)
            let isBool = p.type == "Bool" || p.initialValue == "false"
            let priv = isPrivate(p.modifiers)
            if isInteger, uses(p.name, { scan.isPunctuation($0 + 1, "+") && scan.isPunctuation($0 + 2, "=") }) {
                counters.append(
                    Counter(name: p.name, expression: p.name, kind: .integer, rank: named ? 0 : 3, line: p.line, isPrivate: priv))
            } else if lower.contains("collect"),
                uses(p.name, { k in scan.isPunctuation(k + 1, ".") && (scan.isWord(k + 2, "insert") || scan.isWord(k + 2, "append")) })
            {
                counters.append(Counter(name: p.name, expression: p.name, kind: .collection, rank: 1, line: p.line, isPrivate: priv))
            } else if isBool, uses(p.name, { k in scan.isPunctuation(k + 1, "=") && scan.isWord(k + 2, "true") }) {
                counters.append(Counter(name: p.name, expression: p.name, kind: .flag, rank: named ? 2 : 4, line: p.line, isPrivate: priv))
            }
        }
        return counters.sorted { ($0.rank, $0.line) < ($1.rank, $1.line) }
    }

    /// The stand-ins a driven view needs, as one generated file (module level in the team's module).
    static let viewStandIns = """
        import DetectionCore
        import Foundation

        /// SwiftUI's `@State` as a view's closures see it: one storage shared by every copy of the view, set
        /// without `mutating` (SwiftUI keeps the value outside the view struct).
        @propertyWrapper
        struct State<Value> {
            private final class Storage {
                var value: Value
                init(_ value: Value) { self.value = value }
            }
            private let storage: Storage
            init(wrappedValue: Value) { storage = Storage(wrappedValue) }
            init(initialValue: Value) { storage = Storage(initialValue) }
            var wrappedValue: Value {
                get { storage.value }
                nonmutating set { storage.value = newValue }
            }
        }

        /// SwiftUI's `@StateObject`: the object made once with the view.
        @propertyWrapper
        struct StateObject<ObjectType: AnyObject> {
            let wrappedValue: ObjectType
            init(wrappedValue: @autoclosure () -> ObjectType) { self.wrappedValue = wrappedValue() }
        }

        /// SwiftUI's `@ObservedObject`: the object as given.
        @propertyWrapper
        struct ObservedObject<ObjectType: AnyObject> {
            var wrappedValue: ObjectType
            init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
        }

        /// Combine's `Timer.publish(every:on:in:)` as far as a view's `onReceive` uses it: the interval. The grader
        /// fires the view's `onReceive` statements every interval of simulated time.
        struct SensorBenchTimerPublisher_ {
            let sensorBenchInterval_: Double
            func autoconnect() -> SensorBenchTimerPublisher_ { self }
        }

        /// The run loops and modes `Timer.publish` is given (`.main`, `.common`); nothing else reads them.
        enum SensorBenchRunLoop_ {
            case main, current
        }

        enum SensorBenchRunLoopMode_ {
            case common, `default`, tracking
        }

        extension Timer {
            static func publish(
                every interval: Double, tolerance: Double? = nil, on runLoop: SensorBenchRunLoop_, in mode: SensorBenchRunLoopMode_
            ) -> SensorBenchTimerPublisher_ {
                SensorBenchTimerPublisher_(sensorBenchInterval_: interval)
            }
        }

        """
}
