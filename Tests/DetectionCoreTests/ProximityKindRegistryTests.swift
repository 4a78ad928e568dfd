import Foundation
import Testing

@testable import DetectionCore

// MARK: - The proximity kinds' registry: every registered kind is complete

/// Fails when a kind is registered (`ProximityCheckKind.allCases`) but its declaration is incomplete or
/// inconsistent, or it has no tests of its own. The documentation's rows are checked in StudiesTests
/// (`ProximityKindDocumentationTests`), where the tables are written.
@Suite struct ProximityKindRegistryTests {
    /// Names are unique, non-empty kebab-case, and resolve back to their kind; the order is today's.
    @Test func namesAreUniqueAndResolve() {
        let names = ProximityCheckKind.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" })
            #expect(ProximityCheckKind(rawValue: name)?.rawValue == name)
        }
        #expect(ProximityCheckKind(rawValue: "no-such-kind") == nil)
    }

    /// Each kind reads `radiusMeters` first, then keys of its vocabulary (the shared keys, then any of its own), once
    /// each, every one with a range;
    /// its label template names only keys it reads; the preset is valid and builds a monitor.
    @Test(arguments: ProximityCheckKind.allCases)
    func declarationIsComplete(kind: ProximityCheckKind) throws {
        let read = kind.parameters.map(\.key)
        #expect(read.first == DetectorParameter.radiusMeters.key)
        #expect(Set(read).count == read.count)
        let vocabulary = kind.vocabulary.map(\.key)
        #expect(Array(vocabulary.prefix(DetectorParameter.proximityShared.count)) == DetectorParameter.proximityShared.map(\.key))
        #expect(read.allSatisfy { vocabulary.contains($0) })
        for p in kind.parameters { #expect(p.rangeText != nil) }
        #expect(!kind.summary.isEmpty && !kind.labelTemplate.isEmpty)
        let preset = ProximityCheckConfiguration(kind: kind)
        for template in [kind.labelTemplate] + (kind.optionLabelTemplate.map { [$0] } ?? []) {
            let filled = ProximityCheckKind.fill(template, from: preset, number: DetectorParameter.exactText)
            #expect(!filled.contains("{") && !filled.contains("}"), "\(template)")
            for key in vocabulary where template.contains("{\(key)}") {
                #expect(read.contains(key), "\(kind.rawValue)'s label names \(key), which it does not read")
            }
        }
        #expect(preset.validationProblems().isEmpty)
        _ = try ProximityMonitor(places: [], configuration: preset)
    }

    /// Each kind has a test file of its own, named after its type (`Tests/DetectionCoreTests/<Type>Tests.swift`).
    @Test(arguments: ProximityCheckKind.allCases)
    func kindHasItsOwnTests(kind: ProximityCheckKind) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let file = folder.appendingPathComponent("\(String(describing: kind.rule))Tests.swift")
        #expect(FileManager.default.fileExists(atPath: file.path), "no \(file.lastPathComponent) for \(kind.rawValue)")
    }

    /// Decoding follows the vocabulary: every key round-trips, a missing key takes its default, a key outside it is
    /// refused.
    @Test(arguments: ProximityCheckKind.allCases)
    func decodingFollowsTheDeclaration(kind: ProximityCheckKind) throws {
        var edited = ProximityCheckConfiguration(kind: kind)
        for p in kind.vocabulary {
            switch edited[p.key] {
            case .real(let x): edited[p.key] = .real(x + 0.125)
            case .count(let n): edited[p.key] = .count(n + 1)
            case .flag(let b): edited[p.key] = .flag(!b)
            case nil: Issue.record("\(p.key) has no value")
            }
        }
        let data = try JSONEncoder().encode(edited)
        #expect(try JSONDecoder().decode(ProximityCheckConfiguration.self, from: data) == edited)
        let bare = Data("{\"kind\":\"\(kind.rawValue)\"}".utf8)
        #expect(try JSONDecoder().decode(ProximityCheckConfiguration.self, from: bare) == ProximityCheckConfiguration(kind: kind))
        let unknown = Data("{\"kind\":\"\(kind.rawValue)\",\"radiusMeter\":2}".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProximityCheckConfiguration.self, from: unknown) }
    }

    /// A kind's own key (declared in its file, outside the shared vocabulary) is carried, defaulted, validated,
    /// decoded and encoded for that kind alone; a test-only kind (not registered) stands in for a new member.
    @Test func aKindsOwnKeyFollowsItsDeclaration() throws {
        let kind = ProximityCheckKind(OwnKeyTestRule.self)
        var c = ProximityCheckConfiguration(kind: kind)
        #expect(kind.vocabulary.map(\.key) == DetectorParameter.proximityShared.map(\.key) + ["testRunFixes"])
        #expect(c["testRunFixes"] == .count(4) && c.count("testRunFixes") == 4)
        c["testRunFixes"] = .count(0)
        #expect(c.validationProblems().map(\.field) == ["testRunFixes"])
        c["testRunFixes"] = .real(2)  // wrong type: ignored
        #expect(c.count("testRunFixes") == 0)
        // A registered kind carries no such key.
        var naive = ProximityCheckConfiguration(kind: .naive)
        naive["testRunFixes"] = .count(2)
        #expect(naive["testRunFixes"] == nil)
        // Switching to the kind gives its key the default.
        naive.kind = kind
        #expect(naive.count("testRunFixes") == 4)
    }

    /// The ranges in words, as validation reports them (the upper limits are the geofence scenario's, which read
    /// these declarations).
    @Test func rangeTexts() {
        #expect(DetectorParameter.radiusMeters.rangeText == "must be in (0, 10000] m")
        #expect(DetectorParameter.maximumAccuracyMeters.rangeText == "must be in (0, 10000] m")
        #expect(DetectorParameter.requiredConsecutiveFixes.rangeText == "must be in 1...1000")
        #expect(DetectorParameter.dwellSeconds.rangeText == "must be in [0, 86400] s")
        #expect(DetectorParameter.exitMarginMeters.rangeText == "must be in [0, 10000] m")
    }
}

/// A kind with a key of its own, for `aKindsOwnKeyFollowsItsDeclaration` (never registered).
private struct OwnKeyTestRule: ProximityRule {
    static let testRunFixes = DetectorParameter(
        key: "testRunFixes", unit: "", meaning: "a test key", standardDefault: .count(4),
        bounds: DetectorParameter.Bounds(lower: 1, lowerIncluded: true, upper: 10, upperIncluded: true))
    static let name = "own-key-test"
    static let summary = "a test kind"
    static let reads: [DetectorParameter] = [.radiusMeters, testRunFixes]
    static let label = "{testRunFixes} fixes"

    init(_ configuration: ProximityCheckConfiguration, placeCount: Int) {}

    func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool { false }
}
