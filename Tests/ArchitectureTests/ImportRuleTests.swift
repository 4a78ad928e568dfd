import Foundation
import Testing

/// The layering rules that otherwise hold only by convention: DetectionCore (what an iOS app links) imports
/// nothing but the Swift standard library, and only Stats reaches GSL through CGSL. Scans the source tree.
@Suite struct ImportRuleTests {
    /// The checkout's root, from this file's path (Tests/ArchitectureTests/<file>).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules a Swift source imports, in order: `import X`, `@testable import X`, `internal import X`,
    /// `import struct X.Y`, inside `#if` blocks too. Comments are skipped.
    static func imports(_ source: String) -> [String] {
        let withoutBlocks = source.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
        // A multi-line regex literal: whitespace is ignored (extended syntax).
        let pattern =
            #/
            ^ \s* (?: @\w+ (?: \( [^)]* \) )? \s+ )*
            (?: (?: public | package | internal | fileprivate | private ) \s+ )?
            import \s+ (?: (?: typealias | struct | class | enum | protocol | let | var | func ) \s+ )?
            ( [A-Za-z_] [A-Za-z0-9_]* )
            /#
        return withoutBlocks.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            line.firstMatch(of: pattern).map { String($0.1) }
        }
    }

    /// Every `.swift` file under `folder` (relative to the root), with its path relative to the root.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The scanner itself, on hand-written lines: it must see every import form and no comment.
    @Test func scannerSeesEveryImportForm() {
        // Written as separate literals so that this file itself holds no import lines for the scan to find.
        let text = [
            "import Foundation", "@testable import Studies", "internal import CGSL", "  #if canImport(FoundationXML)",
            "    import FoundationXML", "  #endif", "import struct DetectionCore.Coordinate",
            "@_implementationOnly import Glibc", "// import Commented", "/// import DocComment", "/* import",
            "import Blocked */", "let important = 1",
        ].joined(separator: "\n")
        #expect(Self.imports(text) == ["Foundation", "Studies", "CGSL", "FoundationXML", "DetectionCore", "Glibc"])
    }

    @Test func detectionCoreImportsOnlyTheStandardLibrary() throws {
        let files = try Self.swiftFiles(under: "Sources/DetectionCore")
        #expect(files.count > 10, "found no DetectionCore sources under \(Self.root.path)")
        for (path, text) in files {
            for module in Self.imports(text) where module != "Swift" {
                Issue.record("\(path) imports \(module); DetectionCore may import the Swift standard library only")
            }
        }
    }

    /// Stats' own tests may import CGSL too: they compare Stats' generator and samplers with GSL's.
    @Test func onlyStatsImportsCGSL() throws {
        let sources = try Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests")
        #expect(sources.contains { $0.path.hasPrefix("Sources/Stats/") && Self.imports($0.text).contains("CGSL") })
        let allowed = ["Sources/Stats/", "Tests/StatsTests/"]
        for (path, text) in sources where !allowed.contains(where: path.hasPrefix) && Self.imports(text).contains("CGSL") {
            Issue.record("\(path) imports CGSL; only the Stats module and its tests may")
        }
    }
}
