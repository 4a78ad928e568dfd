import Foundation
import Testing

@testable import DetectionCore

// MARK: - The scribble kinds' registry: every registered kind is complete

/// Fails when a kind is registered (`ScribbleDetectorKind.allCases`) but its declaration is incomplete or
/// inconsistent, or it has no tests of its own. The documentation's rows are checked in StudiesTests
/// (`ScribbleKeyDocumentationTests`), where the tables are written.
@Suite struct ScribbleKindRegistryTests {
    /// Names are unique, non-empty kebab-case, and resolve back to their kind; the first is `scribble`, the kind every
    /// file without `kind` means.
    @Test func namesAreUniqueAndResolve() {
        let names = ScribbleDetectorKind.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(names.first == "scribble" && ScribbleDetectorKind.scribble.isImplied)
        for name in names {
            #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" })
            #expect(ScribbleDetectorKind(rawValue: name)?.rawValue == name)
        }
        #expect(ScribbleDetectorKind(rawValue: "scrawl") == nil)
    }

    /// Each kind reads keys of its vocabulary, once each; the vocabulary starts with the shared keys (so every
    /// configuration encodes them, as the committed reports show); the label fills from keys it reads; every ladder
    /// key is a number it reads with a grid; the preset is valid and builds a detector.
    @Test(arguments: ScribbleDetectorKind.allCases)
    func declarationIsComplete(kind: ScribbleDetectorKind) throws {
        let vocabulary = kind.vocabulary.map(\.key)
        #expect(
            Array(vocabulary.prefix(ScribbleDetectorConfiguration.parameters.count))
                == ScribbleDetectorConfiguration.parameters.map(\.key))
        let read = kind.readings.map(\.key)
        #expect(Set(read).count == read.count)
        #expect(read.allSatisfy { vocabulary.contains($0) })
        #expect(!kind.summary.isEmpty)
        let preset = ScribbleDetectorConfiguration(kind: kind)
        let label = kind.label(preset)
        #expect(!label.isEmpty && !label.contains("{") && !label.contains("}"))
        for p in kind.ladderParameters {
            #expect(kind.sweepKeys.contains(p))
            #expect(!p.ladder.isEmpty)
        }
        for p in kind.readings where p.isNumber { #expect(p.rangeText != nil) }
        #expect(preset.validationProblems().isEmpty)
        _ = try ScribbleDetector(configuration: preset)
    }

    /// Each kind has a test file of its own, named after its type (`Tests/DetectionCoreTests/<Type>Tests.swift`).
    @Test(arguments: ScribbleDetectorKind.allCases)
    func kindHasItsOwnTests(kind: ScribbleDetectorKind) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let file = folder.appendingPathComponent("\(String(describing: kind.algorithm))Tests.swift")
        #expect(FileManager.default.fileExists(atPath: file.path), "no \(file.lastPathComponent) for \(kind.rawValue)")
    }

    /// Decoding is driven by the kind's key list: every key round-trips, a missing key takes the kind's preset, a
    /// key outside the vocabulary is refused; `kind` is written unless it is the implied first kind.
    @Test(arguments: ScribbleDetectorKind.allCases)
    func decodingFollowsTheDeclaration(kind: ScribbleDetectorKind) throws {
        var edited = ScribbleDetectorConfiguration(kind: kind)
        for p in kind.vocabulary {
            switch edited[p.key] {
            case .real(let x): edited[p.key] = .real(x + 0.125)
            case .count(let n): edited[p.key] = .count(n + 1)
            case .flag(let b): edited[p.key] = .flag(!b)
            case nil: Issue.record("\(p.key) has no value in the \(kind.rawValue) preset")
            }
        }
        let data = try JSONEncoder().encode(edited)
        #expect(try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: data) == edited)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["kind"] as? String) == (kind.isImplied ? nil : kind.rawValue))
        let bare = Data("{\"kind\":\"\(kind.rawValue)\"}".utf8)
        #expect(try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: bare) == ScribbleDetectorConfiguration(kind: kind))
        let unknown = Data("{\"kind\":\"\(kind.rawValue)\",\"requiredReversal\":2}".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: unknown) }
    }
}
