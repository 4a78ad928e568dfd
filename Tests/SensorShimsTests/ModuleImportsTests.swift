import Foundation
import Testing

// MARK: - SensorShims imports nothing but Swift and DetectionCore

@Suite struct ModuleImportsTests {
    /// The module names in every `import` line of the SensorShims sources (with any attributes, access level or
    /// declaration kind: `@_exported import X`, `internal import X`, `import struct X.Y`).
    static func importedModules() throws -> (files: Int, modules: Set<String>) {
        let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SensorShims").standardizedFileURL
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        var files = 0
        var modules: Set<String> = []
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files += 1
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package"].contains(first) {
                    words.removeFirst()
                }
                guard words.first == "import", words.count >= 2 else { continue }
                let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
                modules.insert(String(path.split(separator: ".")[0]))
            }
        }
        return (files, modules)
    }

    @Test func sensorShimsImportsOnlySwiftAndDetectionCore() throws {
        let (files, modules) = try Self.importedModules()
        #expect(files >= 10)
        #expect(modules.isSubset(of: ["Swift", "DetectionCore"]), "SensorShims imports \(modules.sorted())")
        #expect(modules.contains("DetectionCore"))
    }
}
