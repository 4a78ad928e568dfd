import Foundation
import Testing

/// `public` is the products' API and nothing more (STYLE.md): DetectionCore, which an iOS app links, and
/// SensorShims, which a team's code compiles against. Every other module speaks `package` to its siblings.
@Suite struct AccessRuleTests {
    static let products: Set<String> = ["DetectionCore", "SensorShims"]

    /// The one exception, for speed: the types of the drift sample loop are `public` with `package` members, because
    /// Swift 6.3.1 does not inline or specialise an `@inlinable` member of a `package` type in another module (a
    /// two-module probe: 3.95 s against 0.64 s for 3·10⁸ calls), and the loop then ran 2.5 times slower, below its
    /// targets (docs/performance.md). Their names are public, nothing they do is: every other line of these files
    /// that says `public` is a failure, and so is an entry here that the file no longer has.
    static let inliningExceptions: [String: Set<String>] = [
        "Sources/Stats/RandomStream.swift": ["public final class RandomStream {"],
        "Sources/SensorSim/Walk/WalkMotion.swift": ["public struct WalkMotion: Sendable {"],
        "Sources/SensorSim/Gyro/GaussMarkov.swift": ["public struct GaussMarkov: Sendable {"],
        "Sources/SensorSim/Gyro/GyroDevice.swift": ["public struct GyroDevice: Sendable, Equatable {"],
        "Sources/SensorSim/Gyro/GyroErrorModel.swift": [
            "public struct GyroErrorModel: Sendable {", "public protocol GyroNoiseTerms {",
            "public enum ProfileNoiseTerms: GyroNoiseTerms {", "public enum WhiteNoiseAndInstability: GyroNoiseTerms {",
            // The protocol's requirements are public with it, so their witnesses are too.
            "public static var whiteNoise: Bool? { nil }", "public static var drivenInstability: Bool? { nil }",
            "public static var randomWalk: Bool? { nil }", "public static var quantisation: Bool? { nil }",
            "public static var whiteNoise: Bool? { true }", "public static var drivenInstability: Bool? { true }",
            "public static var randomWalk: Bool? { false }", "public static var quantisation: Bool? { false }",
        ],
    ]

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
            let allowed = Self.inliningExceptions[path] ?? []
            let lines = found.map { $0.trimmingCharacters(in: .whitespaces) }
            for line in lines where !allowed.contains(line) {
                Issue.record("\(path): \(line) — `public` outside the products")
            }
            for line in allowed where !lines.contains(line) {
                Issue.record("\(path): the exception '\(line)' is no longer in the file — remove it from the list")
            }
        }
        #expect(Set(Self.inliningExceptions.keys).isSubset(of: Set(files.map(\.0))), "an exception names a missing file")
        // The products' API is public (so the scanner does see declarations in this tree).
        #expect(productPublic > 100)
    }
}
