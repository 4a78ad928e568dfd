import Foundation
import Testing

@testable import DetectionCore

// MARK: - The shake kinds' registry: every registered kind is complete

/// Fails when a kind is registered (`ShakeDetectorKind.allCases`) but its declaration is incomplete or
/// inconsistent, or it has no tests of its own. The documentation's rows are checked in StudiesTests
/// (`ShakeKindDocumentationTests`), where the tables are written.
@Suite struct ShakeKindRegistryTests {
    /// Names are unique, non-empty kebab-case, and resolve back to their kind.
    @Test func namesAreUniqueAndResolve() {
        let names = ShakeDetectorKind.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" })
            #expect(ShakeDetectorKind(rawValue: name)?.rawValue == name)
        }
        #expect(ShakeDetectorKind(rawValue: "no-such-kind") == nil)
    }

    /// Each kind reads keys of its vocabulary, once each; the vocabulary starts with the shared keys (so every
    /// configuration encodes them, as the committed reports show); a label leads with a sweep key that has a unit
    /// or is a count; every ladder key is a sweep key with a grid; the preset is valid and builds a detector.
    @Test(arguments: ShakeDetectorKind.allCases)
    func declarationIsComplete(kind: ShakeDetectorKind) throws {
        let vocabulary = kind.vocabulary.map(\.key)
        #expect(Array(vocabulary.prefix(DetectorParameter.shared.count)) == DetectorParameter.shared.map(\.key))
        let read = kind.readings.map(\.parameter.key)
        #expect(Set(read).count == read.count)
        #expect(read.allSatisfy { vocabulary.contains($0) })
        #expect(!kind.summary.isEmpty)
        let lead = try #require(kind.labelParameter)
        #expect(kind.sweepKeys.contains(lead))
        for p in kind.ladderParameters {
            #expect(kind.sweepKeys.contains(p))
            #expect(!p.ladder.isEmpty)
        }
        for r in kind.readings where r.parameter.isNumber {
            #expect(r.parameter.rangeText != nil)
        }
        let preset = ShakeDetectorConfiguration(kind: kind)
        #expect(preset.validationProblems().isEmpty)
        _ = try ShakeDetector(configuration: preset)
    }

    /// Each kind has a test file of its own, named after its type (`Tests/DetectionCoreTests/<Type>Tests.swift`).
    @Test(arguments: ShakeDetectorKind.allCases)
    func kindHasItsOwnTests(kind: ShakeDetectorKind) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let file = folder.appendingPathComponent("\(String(describing: kind.algorithm))Tests.swift")
        #expect(FileManager.default.fileExists(atPath: file.path), "no \(file.lastPathComponent) for \(kind.rawValue)")
    }

    /// Decoding is driven by the kind's key list: every key of the vocabulary round-trips, a missing key takes the
    /// kind's preset, and a key outside the vocabulary is refused rather than dropped.
    @Test(arguments: ShakeDetectorKind.allCases)
    func decodingFollowsTheDeclaration(kind: ShakeDetectorKind) throws {
        var edited = ShakeDetectorConfiguration(kind: kind)
        for p in kind.vocabulary {
            switch edited[p.key] {
            case .real(let x): edited[p.key] = .real(x + 0.125)
            case .count(let n): edited[p.key] = .count(n + 1)
            case .flag(let b): edited[p.key] = .flag(!b)
            case nil: Issue.record("\(p.key) has no value in the \(kind.rawValue) preset")
            }
        }
        let data = try JSONEncoder().encode(edited)
        #expect(try JSONDecoder().decode(ShakeDetectorConfiguration.self, from: data) == edited)
        let bare = Data("{\"kind\":\"\(kind.rawValue)\"}".utf8)
        #expect(try JSONDecoder().decode(ShakeDetectorConfiguration.self, from: bare) == ShakeDetectorConfiguration(kind: kind))
        let unknown = Data("{\"kind\":\"\(kind.rawValue)\",\"thresholdGee\":2}".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ShakeDetectorConfiguration.self, from: unknown) }
    }

    /// The ranges in words, as validation reports them (the messages the reports and tests quote).
    @Test func rangeTexts() {
        #expect(DetectorParameter.thresholdG.rangeText == "must be in (0, 16] g")
        #expect(DetectorParameter.requiredCount.rangeText == "must be in 1...1000")
        #expect(DetectorParameter.windowSeconds.rangeText == "must be in (0, 60] s")
        #expect(DetectorParameter.requiredFraction.rangeText == "must be in (0, 1]")
        #expect(DetectorParameter.minimumWindowSpanSeconds.rangeText == "must be in [0, windowSeconds] s")
        #expect(DetectorParameter.minimumSampleCount.rangeText == "must be in 1...100000")
        #expect(DetectorParameter.cooldownSeconds.rangeText == "must be in [0, 3600] s")
        #expect(DetectorParameter.gravityTimeConstantSeconds.rangeText == "must be in (0, 60] s")
        #expect(DetectorParameter.inputIncludesGravity.rangeText == nil)
    }

    /// The grader's grids (DetectorLadder) and what the shipped kinds let it move: thresholds around the 1–3 g peaks of deliberate shakes; cooldowns up to
    /// past the longest (2 s) shake.
    @Test func ladderGrids() {
        #expect(DetectorParameter.thresholdG.ladder == [0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4])
        #expect(DetectorParameter.cooldownSeconds.ladder == [0.5, 1, 1.5, 2, 2.5, 3])
        for kind in [ShakeDetectorKind.thresholdCount, .windowFraction, .reversal, .rawMagnitude] {
            #expect(kind.ladderParameters.map(\.key) == ["thresholdG", "cooldownSeconds"])
        }
    }
}
