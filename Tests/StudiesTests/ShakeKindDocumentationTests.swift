import DetectionCore
import Foundation
import Testing

@testable import Studies

/// `docs/shake.md` holds the shake kinds' tables exactly as the declarations write them, so a registered kind
/// without its docs row, or a changed default, range or ladder the docs do not show, fails here.
@Suite struct ShakeKindDocumentationTests {
    static func docs() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/shake.md"), encoding: .utf8)
    }

    @Test func kindTableMatchesTheDeclarations() throws {
        let table = ShakeKindDocumentation.kindTable()
        #expect(try Self.docs().contains(table), "docs/shake.md lacks the kind table:\n\(table)")
        for kind in ShakeDetectorKind.allCases { #expect(table.contains("| `\(kind.rawValue)` |")) }
    }

    @Test func keyTableMatchesTheDeclarations() throws {
        let table = ShakeKindDocumentation.keyTable()
        #expect(try Self.docs().contains(table), "docs/shake.md lacks the key table:\n\(table)")
    }

    /// Two rows checked by hand against the declarations' numbers (DetectorParameter+Vocabulary.swift).
    @Test func rowsByHand() {
        #expect(ShakeKindDocumentation.keyTable().contains("| `thresholdG` | g | (0, 16] |"))
        #expect(
            ShakeKindDocumentation.kindTable().contains(
                "| `raw-magnitude` | `thresholdG` 2.5 g, `requiredCount` 3, `windowSeconds` 2 s, `cooldownSeconds` 1 s, "
                    + "`inputIncludesGravity` true (must be true) | `thresholdG`, `cooldownSeconds` |"))
    }

    /// A `|` in prose (|Δa|) would end a Markdown table cell: it is escaped.
    @Test func pipesInProseAreEscaped() {
        #expect(ShakeKindDocumentation.cell("jerk |Δa|/Δt") == #"jerk \|Δa\|/Δt"#)
    }
}

/// docs/detectors.md holds the kinds' plain-words paragraphs exactly as their declarations write them.
@Suite struct DetectorPlainWordsTests {
    @Test func paragraphsMatchTheDeclarations() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/detectors.md"), encoding: .utf8)
        let words = ShakeKindDocumentation.plainWords()
        #expect(docs.contains(words), "docs/detectors.md lacks the paragraphs:\n\(words)")
        for kind in ShakeDetectorKind.allCases { #expect(words.contains("**`\(kind.rawValue)`** fires on ")) }
        // By hand from ThresholdCountShakeDetector's declaration: threshold 1.5 g, 4 excursions, 1 s window.
        #expect(words.contains("By default it reads thresholdG 1.5 g, requiredCount 4, windowSeconds 1 s"))
    }
}
