import Foundation
import Testing

/// Package.swift is the truth about which module uses which: every project module a target's files import is a
/// declared dependency of that target, every declared dependency is imported by some file of it, and the
/// dependencies of the source targets are exactly those of the layering table in docs/architecture.md (which
/// admits no cycle). The graph is read from the sources, the manifest and the document, never written here.
@Suite struct ImportGraphTests {
    // MARK: - The manifest, read as text

    /// One target of Package.swift.
    struct Target: Equatable {
        enum Kind: String { case target, testTarget, executableTarget, systemLibrary }
        var name: String
        var kind: Kind
        var path: String?
        var dependencies: [String]

        /// The folder holding its sources, relative to the package root.
        var folder: String {
            if let path { return path }
            return (kind == .testTarget ? "Tests/" : "Sources/") + name
        }
    }

    /// The targets of a manifest written in Package.swift's plain style: `.target(name: "X", dependencies: ["A",
    /// "B"], path: "…")` and its `testTarget`, `executableTarget` and `systemLibrary` siblings, over one or more
    /// lines. Dependencies must be plain strings (`.product(…)` or `.target(name:)` forms are reported as an
    /// unreadable manifest, so the test cannot silently skip one).
    static func targets(inManifest manifest: String) throws -> [Target] {
        let text = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
        var result: [Target] = []
        let call = #/\.(target|testTarget|executableTarget|systemLibrary)\(/#
        var rest = text[...]
        while let match = rest.firstMatch(of: call) {
            // The call's arguments: up to the parenthesis that closes it.
            var depth = 1
            var index = match.range.upperBound
            while index < rest.endIndex, depth > 0 {
                if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
                index = rest.index(after: index)
            }
            let arguments = String(rest[match.range.upperBound..<index].dropLast())
            rest = rest[index...]
            guard let name = arguments.firstMatch(of: #/name:\s*"([^"]+)"/#).map({ String($0.1) }) else {
                throw ManifestError(problem: "a .\(match.1)( call without a name: \(arguments)")
            }
            var dependencies: [String] = []
            if let list = arguments.firstMatch(of: #/dependencies:\s*\[([^\]]*)\]/#) {
                for item in list.1.split(separator: ",") {
                    let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
                    if trimmed.isEmpty { continue }
                    guard let plain = trimmed.wholeMatch(of: #/"([^"]+)"/#) else {
                        throw ManifestError(problem: "\(name): dependency \(trimmed) is not a plain target name")
                    }
                    dependencies.append(String(plain.1))
                }
            }
            let path = arguments.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.1) }
            result.append(
                Target(name: name, kind: Target.Kind(rawValue: String(match.1))!, path: path, dependencies: dependencies))
        }
        return result
    }

    struct ManifestError: Error, CustomStringConvertible {
        var problem: String
        var description: String { problem }
    }

    // MARK: - The sources

    /// The project modules the Swift files under `folder` import. Multi-line string literals (`"""` … `"""`) are
    /// skipped: generated code and test fixtures live there, and their imports are not this module's.
    static func importedModules(under folder: String, among modules: Set<String>) throws -> Set<String> {
        var found: Set<String> = []
        for (_, text) in try ImportRuleTests.swiftFiles(under: folder) {
            for module in ImportRuleTests.imports(withoutMultilineStrings(text)) where modules.contains(module) {
                found.insert(module)
            }
        }
        return found
    }

    /// `text` with every multi-line string literal's lines removed (their delimiters too).
    static func withoutMultilineStrings(_ text: String) -> String {
        var inside = false
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A line holding one `"""` opens or closes a literal; one holding two opens and closes it.
            let delimiters = line.ranges(of: "\"\"\"").count
            if inside || delimiters > 0 {
                if delimiters % 2 == 1 { inside.toggle() }
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    // MARK: - The layering table

    /// The `| target | depends on | holds |` table of docs/architecture.md: each source target's project-module
    /// dependencies (the back-quoted names of the second column that are targets of the package).
    static func layering(inDocument document: String, modules: Set<String>) -> [String: Set<String>] {
        var table: [String: Set<String>] = [:]
        for line in document.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, let name = cells[1].wholeMatch(of: #/`([A-Za-z0-9_]+)`/#).map({ String($0.1) }),
                modules.contains(name)
            else { continue }
            let named = cells[2].matches(of: #/`([A-Za-z0-9_]+)`/#).map { String($0.1) }
            table[name] = Set(named.filter(modules.contains))
        }
        return table
    }

    // MARK: - The comparison

    /// Every disagreement between what `targets` declare, what their sources import, and the layering table,
    /// one line each; empty when all three agree and the layering has no cycle.
    static func problems(
        targets: [Target], imports: [String: Set<String>], layering: [String: Set<String>]
    ) -> [String] {
        var lines: [String] = []
        let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
        for target in targets where target.kind != .systemLibrary {
            let declared = Set(target.dependencies)
            // A C target (no Swift file) is read through its #include lines by the compiler, not here.
            if let imported = imports[target.name] {
                for module in imported.subtracting(declared).sorted() {
                    lines.append("\(target.name) imports \(module) but Package.swift does not declare it")
                }
                for module in declared.subtracting(imported).sorted() {
                    lines.append("\(target.name) declares \(module) in Package.swift but no file of it imports it")
                }
            }
            guard target.kind != .testTarget, target.path == nil else { continue }
            guard let allowed = layering[target.name] else {
                lines.append("\(target.name) has no row in docs/architecture.md's target table")
                continue
            }
            if allowed != declared {
                let extra = declared.subtracting(allowed).sorted().joined(separator: ", ")
                let missing = allowed.subtracting(declared).sorted().joined(separator: ", ")
                lines.append(
                    "\(target.name): Package.swift and docs/architecture.md disagree (only in Package.swift: "
                        + "[\(extra)]; only in the document: [\(missing)])")
            }
        }
        for name in layering.keys.sorted() where byName[name] == nil {
            lines.append("docs/architecture.md lists \(name), which Package.swift does not declare")
        }
        // A cycle in the documented layering: depth-first search from every module.
        var state: [String: Int] = [:]  // 1 on the stack, 2 done
        func visit(_ name: String, _ path: [String]) {
            if state[name] == 2 { return }
            if state[name] == 1 {
                lines.append("the layering has a cycle: \((path + [name]).joined(separator: " → "))")
                return
            }
            state[name] = 1
            for next in (layering[name] ?? []).sorted() { visit(next, path + [name]) }
            state[name] = 2
        }
        for name in layering.keys.sorted() { visit(name, []) }
        return lines
    }

    /// The whole package as it is on disk.
    static func current() throws -> (targets: [Target], imports: [String: Set<String>], layering: [String: Set<String>]) {
        let root = ImportRuleTests.root
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try targets(inManifest: manifest)
        let modules = Set(targets.map(\.name))
        var imports: [String: Set<String>] = [:]
        for target in targets where target.kind != .systemLibrary {
            guard try !ImportRuleTests.swiftFiles(under: target.folder).isEmpty else { continue }
            imports[target.name] = try importedModules(under: target.folder, among: modules)
                .subtracting([target.name])
        }
        let document = try String(
            contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        return (targets, imports, layering(inDocument: document, modules: modules))
    }

    // MARK: - Tests

    @Test func packageSwiftSourcesAndTheLayeringTableAgree() throws {
        let (targets, imports, layering) = try Self.current()
        #expect(targets.count >= 25, "read only \(targets.count) targets from Package.swift")
        #expect(targets.contains { $0.name == "DetectionCore" && $0.dependencies.isEmpty })
        for line in Self.problems(targets: targets, imports: imports, layering: layering) {
            Issue.record(Comment(rawValue: line))
        }
    }

    /// Removing any one declared dependency of any target from the manifest is caught (the test above can fail).
    @Test func removingADeclaredDependencyIsCaught() throws {
        let (targets, imports, layering) = try Self.current()
        var checked = 0
        for (index, target) in targets.enumerated() where imports[target.name] != nil {
            for dependency in target.dependencies {
                var changed = targets
                changed[index].dependencies.removeAll { $0 == dependency }
                let lines = Self.problems(targets: changed, imports: imports, layering: layering)
                #expect(
                    lines.contains("\(target.name) imports \(dependency) but Package.swift does not declare it"),
                    "removing \(dependency) from \(target.name) went unnoticed")
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    /// The manifest reader on a hand-written manifest: names, kinds, paths, multi-line calls and comments.
    @Test func manifestReaderReadsEveryTargetForm() throws {
        let manifest = """
            .target(name: "A"),  // .target(name: "Commented")
            .target(name: "B", dependencies: ["A"]),
            .systemLibrary(
                name: "CLib",
                pkgConfig: "lib",
                providers: [.apt(["lib-dev"])]
            ),
            .testTarget(name: "BTests", dependencies: ["B", "Support"], exclude: ["Fixtures"]),
            .target(name: "Support", path: "Tests/Support"),
            .executableTarget(name: "tool", dependencies: ["B", "CLib"]),
            """
        let targets = try Self.targets(inManifest: manifest)
        #expect(
            targets == [
                .init(name: "A", kind: .target, path: nil, dependencies: []),
                .init(name: "B", kind: .target, path: nil, dependencies: ["A"]),
                .init(name: "CLib", kind: .systemLibrary, path: nil, dependencies: []),
                .init(name: "BTests", kind: .testTarget, path: nil, dependencies: ["B", "Support"]),
                .init(name: "Support", kind: .target, path: "Tests/Support", dependencies: []),
                .init(name: "tool", kind: .executableTarget, path: nil, dependencies: ["B", "CLib"]),
            ])
        #expect(targets[3].folder == "Tests/BTests")
        #expect(targets[4].folder == "Tests/Support")
        #expect(throws: ManifestError.self) {
            try Self.targets(inManifest: #".target(name: "X", dependencies: [.product(name: "P", package: "p")])"#)
        }
    }

    /// The comparison on a hand-made graph: an undeclared import, an unused dependency, a table mismatch, a
    /// missing row and a cycle are each reported, and an agreeing graph gives nothing.
    @Test func comparisonReportsEachKindOfDisagreement() {
        let targets: [Target] = [
            .init(name: "A", kind: .target, path: nil, dependencies: []),
            .init(name: "B", kind: .target, path: nil, dependencies: ["A"]),
            .init(name: "C", kind: .target, path: nil, dependencies: ["B"]),
        ]
        let imports: [String: Set<String>] = ["A": [], "B": ["A"], "C": ["B"]]
        let layering: [String: Set<String>] = ["A": [], "B": ["A"], "C": ["B"]]
        #expect(Self.problems(targets: targets, imports: imports, layering: layering).isEmpty)

        var importsMore = imports
        importsMore["C"] = ["A", "B"]
        #expect(
            Self.problems(targets: targets, imports: importsMore, layering: layering) == [
                "C imports A but Package.swift does not declare it"
            ])
        var importsLess = imports
        importsLess["C"] = []
        #expect(
            Self.problems(targets: targets, imports: importsLess, layering: layering) == [
                "C declares B in Package.swift but no file of it imports it"
            ])
        var tableOther = layering
        tableOther["C"] = ["A"]
        #expect(
            Self.problems(targets: targets, imports: imports, layering: tableOther) == [
                "C: Package.swift and docs/architecture.md disagree (only in Package.swift: [B]; only in the "
                    + "document: [A])"
            ])
        var tableMissing = layering
        tableMissing["C"] = nil
        #expect(
            Self.problems(targets: targets, imports: imports, layering: tableMissing) == [
                "C has no row in docs/architecture.md's target table"
            ])
        var cyclic = layering
        cyclic["A"] = ["C"]
        #expect(
            Self.problems(targets: targets, imports: imports, layering: cyclic).contains(
                "the layering has a cycle: A → C → B → A"))
    }

    /// The string-literal filter: imports inside `"""` literals are not the file's.
    @Test func importsInsideMultilineStringsAreNotTheFiles() {
        let text = ["import A", "let s = \"\"\"", "import B", "\"\"\"", "let t = \"\"\"x\"\"\"", "import C"]
            .joined(separator: "\n")
        #expect(ImportRuleTests.imports(Self.withoutMultilineStrings(text)) == ["A", "C"])
    }

    /// FileFormats knows nothing of studies or of reporting (DESIGN.md): Foundation and zlib only.
    @Test func fileFormatsDependsOnNoProjectModuleButZlib() throws {
        let (targets, _, _) = try Self.current()
        let fileFormats = try #require(targets.first { $0.name == "FileFormats" })
        #expect(fileFormats.dependencies == ["CZlib"], "\(fileFormats.dependencies)")
    }
}

/// Test targets mirror source targets (STYLE.md): every Swift source target has a test target of its own name plus
/// `Tests` (the executable's is `CLITests`) that depends on it.
@Suite struct TestMirrorTests {
    @Test func everySwiftSourceTargetHasItsOwnTestTarget() throws {
        let (targets, imports, _) = try ImportGraphTests.current()
        let tests = Dictionary(uniqueKeysWithValues: targets.filter { $0.kind == .testTarget }.map { ($0.name, $0) })
        let sources = targets.filter { $0.kind != .testTarget && $0.kind != .systemLibrary && $0.path == nil }
        #expect(sources.count >= 12)
        for source in sources where imports[source.name] != nil {
            let testName = source.kind == .executableTarget ? "CLITests" : source.name + "Tests"
            guard let test = tests[testName] else {
                Issue.record("\(source.name) has no test target \(testName)")
                continue
            }
            #expect(test.dependencies.contains(source.name), "\(testName) does not depend on \(source.name)")
        }
    }
}
