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

/// docs/detectors/<kind>.svg are the pictures `ShakeKindDocumentation.picture` draws (re-recorded on purpose with
/// SENSORBENCH_RECORD_DETECTOR_PICTURES=1, never silently).
@Suite struct DetectorPicturesTests {
    @Test(arguments: ShakeDetectorKind.allCases.map(\.rawValue))
    func pictureIsTheCommittedOne(_ name: String) throws {
        let kind = try #require(ShakeDetectorKind.allCases.first { $0.rawValue == name })
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent("docs/detectors/\(name).svg")
        let svg = try ShakeKindDocumentation.picture(kind)
        if ProcessInfo.processInfo.environment["SENSORBENCH_RECORD_DETECTOR_PICTURES"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try svg.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == svg)
    }

    /// threshold-count at its defaults (1.5 g, 4 excursions within 1 s, 1 s cooldown) on the picture's shake: an
    /// excursion starts in each 0.1 s half-cycle of the 2 g, 5 Hz sine; the 4th, on the 100 Hz grid, at 1.33 s, where
    /// |2 sin(3.3π) + 0.1 sin(5.32π)| = |−1.618 − 0.084| = 1.70 g > 1.5 g, while at 1.32 s
    /// |2 sin(3.2π) + 0.1 sin(5.28π)| = |−1.176 − 0.077| = 1.25 g. The cooldown then runs to 2.33 s, after the shake
    /// (whose excursions from 2.33 s on are gone): one event, at 1.33 s.
    @Test func thresholdCountFiresOnceByHand() throws {
        let times = try ShakeKindDocumentation.pictureFirings(.thresholdCount)
        #expect(times.count == 1)
        #expect(abs((times.first ?? 0) - 1.33) < 1e-9, "\(times)")
    }
}
