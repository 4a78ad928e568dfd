import Foundation
import Testing

/// Every shell example in `README.md` and `docs/*.md` runs as written, so the documents cannot drift from the
/// program.
///
/// A fenced block opened with ```` ```sh ```` is run line by line, in order, with `/bin/sh -c`, in a temporary
/// folder holding a copy of the shipped `Scenarios/` (one folder per document, shared by its blocks, so a later
/// block can use what an earlier one wrote), with `sensorbench` on `PATH` pointing at the built binary. Each line
/// must exit 0, or N when it ends with `# exit N`; lines indented four spaces after a command are output it must
/// print. Blank lines and `#` comments are skipped. ```` ```sh illustration ```` blocks (clusters, the setup
/// scripts) are never run and ```` ```sh slow ```` blocks (a minute or more with a debug build) run only with
/// `SENSORBENCH_DOCS_SLOW=1`; the test prints each block it skips, with its file and line.
@Suite struct DocumentationExamplesTests {
    /// One fenced shell block.
    struct Block {
        enum Kind: String { case run = "", illustration, slow }
        let file: String
        let line: Int
        let kind: Kind?
        let info: String
        let lines: [(number: Int, text: String)]
    }

    /// One command of a block with what it must do.
    struct Example {
        let line: Int
        let command: String
        var exitCode: Int32
        var output: [String]
    }

    static let documents: [String] = {
        let docs = SensorBench.packageRoot.appendingPathComponent("docs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }
        return ["README.md"] + names.sorted().map { "docs/\($0)" }
    }()

    /// The ```sh blocks of a Markdown file.
    static func blocks(in file: String) throws -> [Block] {
        let text = try String(contentsOf: SensorBench.packageRoot.appendingPathComponent(file), encoding: .utf8)
        var blocks: [Block] = []
        var open: (line: Int, indent: Int, info: String, lines: [(Int, String)])?
        var inOtherFence = false
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed == "```" {
                    blocks.append(
                        Block(
                            file: file, line: current.line, kind: Block.Kind(rawValue: current.info), info: current.info,
                            lines: current.lines))
                    open = nil
                } else {
                    current.lines.append((index + 1, String(raw.dropFirst(min(current.indent, raw.prefix { $0 == " " }.count)))))
                    open = current
                }
                continue
            }
            if trimmed.hasPrefix("```") {
                if inOtherFence {
                    inOtherFence = false
                } else if trimmed == "```sh" || trimmed.hasPrefix("```sh ") {
                    let info = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
                    open = (index + 1, raw.prefix { $0 == " " }.count, info, [])
                } else {
                    inOtherFence = true
                }
            }
        }
        return blocks
    }

    /// The commands of a block, with their expected exit codes and output lines.
    static func examples(_ block: Block) -> [Example] {
        var examples: [Example] = []
        for (number, text) in block.lines {
            if text.hasPrefix("    "), !examples.isEmpty {
                examples[examples.count - 1].output.append(text.trimmingCharacters(in: .whitespaces))
                continue
            }
            let command = text.trimmingCharacters(in: .whitespaces)
            if command.isEmpty || command.hasPrefix("#") { continue }
            var code: Int32 = 0
            if let match = command.firstMatch(of: /#\s*exit\s+([0-9]+)\s*$/), let n = Int32(match.1) { code = n }
            examples.append(Example(line: number, command: command, exitCode: code, output: []))
        }
        return examples
    }

    /// Runs `command` with `/bin/sh -c` in `folder`.
    static func shell(_ command: String, in folder: URL, binFolder: URL) throws -> SensorBench.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = binFolder.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env.removeValue(forKey: "SENSORBENCH_PATH")
        env.removeValue(forKey: "SENSORBENCH_SCENARIOS")
        process.environment = env
        return try SensorBench.collect(process)
    }

    /// Every ```sh block names a known kind, and every document has at least one block the test runs or says it
    /// skips; the README's runnable examples exist (the first study).
    @Test func blocksAreMarked() throws {
        var runnable = 0
        for file in Self.documents {
            for block in try Self.blocks(in: file) {
                #expect(
                    block.kind != nil, "\(file):\(block.line): unknown block kind \"\(block.info)\" (use sh, sh illustration or sh slow)")
                if block.kind == .run { runnable += Self.examples(block).count }
            }
        }
        #expect(try Self.blocks(in: "README.md").contains { $0.kind == .run })
        #expect(runnable >= 20)
    }

    /// The README's contents table reaches every document in docs/, and every relative link in the documents
    /// points at a file that exists.
    @Test func contentsReachEveryDocument() throws {
        let readme = try String(contentsOf: SensorBench.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for file in Self.documents where file != "README.md" {
            #expect(readme.contains("](\(file))"), "README.md does not link \(file)")
        }
        for file in Self.documents {
            let text = try String(contentsOf: SensorBench.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let folder = SensorBench.packageRoot.appendingPathComponent(file).deletingLastPathComponent()
            for match in text.matches(of: /\]\(([^)#:\s]+)(#[^)]*)?\)/) {
                let target = String(match.1)
                // Reports/ is what scripts/run writes; its files exist after a run, not in a fresh clone's build.
                if target.hasPrefix("Reports/") || target.hasPrefix("../Reports/") { continue }
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path),
                    "\(file): link to \(target) points at nothing")
            }
        }
    }

    @Test(arguments: documents) func examplesRun(_ file: String) throws {
        let blocks = try Self.blocks(in: file)
        let slow = ProcessInfo.processInfo.environment["SENSORBENCH_DOCS_SLOW"] == "1"
        let toRun = blocks.filter { $0.kind == .run || ($0.kind == .slow && slow) }
        for block in blocks where !toRun.contains(where: { $0.line == block.line }) {
            print("docs: \(file):\(block.line): \(block.kind?.rawValue ?? block.info) block not run")
        }
        guard !toRun.isEmpty else { return }
        let binary = try #require(SensorBench.binary, "build sensorbench first (scripts/test does)")
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("sensorbench"), withDestinationURL: binary)
        try FileManager.default.copyItem(
            at: SensorBench.packageRoot.appendingPathComponent("Scenarios"), to: folder.appendingPathComponent("Scenarios"))
        for block in toRun {
            for example in Self.examples(block) {
                #expect(!example.command.hasPrefix("scripts/"), "\(file):\(example.line): mark setup blocks illustration")
                if example.command.hasPrefix("scripts/") { continue }
                let r = try Self.shell(example.command, in: folder, binFolder: bin)
                #expect(
                    r.status == example.exitCode,
                    "\(file):\(example.line): `\(example.command)` exited \(r.status), expected \(example.exitCode): \(r.stderr)")
                for expected in example.output {
                    #expect(r.stdout.contains(expected), "\(file):\(example.line): output lacks \"\(expected)\"; got \(r.stdout)")
                }
            }
        }
    }
}
