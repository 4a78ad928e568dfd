import Foundation
import Testing

/// `public` is the products' API and nothing more (STYLE.md): DetectionCore, which an iOS app links, and
/// SensorShims, which a team's code compiles against. Every other module speaks `package` to its siblings.
@Suite struct AccessRuleTests {
    static let products: Set<String> = ["DetectionCore", "SensorShims"]

    /// The lines of `text` that declare something `public` or `open` (string literals and comments skipped).
    static func publicDeclarations(_ text: String) -> [String] {
        let code = ImportGraphTests.withoutMultilineStrings(text)
        let pattern = #/^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:public|open)\s+[^=\s]/#
        return code.split(separator: "\n").filter { line in
            !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.firstMatch(of: pattern) != nil
        }.map(String.init)
    }

    /// The scanner on hand-written lines: attributes before `public`, `open`, and nothing in comments or strings.
    @Test func scannerSeesEveryPublicForm() {
        let text = [
            "public struct A {}", "    @inlinable public func f() {}", "@usableFromInline package var x = 1",
            "open class B {}", "// public struct Commented {}", "let s = \"\"\"", "public struct InString {}",
            "\"\"\"", "package struct C {}", "    public init() {}", "        open = nil",
        ].joined(separator: "\n")
        #expect(
            Self.publicDeclarations(text) == [
                "public struct A {}", "    @inlinable public func f() {}", "open class B {}", "    public init() {}",
            ])
    }

    @Test func onlyTheProductsDeclarePublicAPI() throws {
        let files = try ImportRuleTests.swiftFiles(under: "Sources")
        #expect(files.count > 100)
        var productPublic = 0
        for (path, text) in files {
            let module = path.split(separator: "/")[1]
            let found = Self.publicDeclarations(text)
            if Self.products.contains(String(module)) {
                productPublic += found.count
                continue
            }
            for line in found {
                Issue.record("\(path): \(line.trimmingCharacters(in: .whitespaces)) — `public` outside the products")
            }
        }
        // The products' API is public (so the scanner does see declarations in this tree).
        #expect(productPublic > 100)
    }
}
