import DetectionCore
import Foundation
import Testing

@testable import Studies

/// `docs/geofence.md` holds the proximity kinds' tables exactly as the declarations write them, so a registered
/// kind without its docs row, or a changed default, range or label the docs do not show, fails here.
@Suite struct ProximityKindDocumentationTests {
    static func docs() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/geofence.md"), encoding: .utf8)
    }

    @Test func kindTableMatchesTheDeclarations() throws {
        let table = ProximityKindDocumentation.kindTable()
        #expect(try Self.docs().contains(table), "docs/geofence.md lacks the kind table:\n\(table)")
        for kind in ProximityCheckKind.allCases { #expect(table.contains("| `\(kind.rawValue)` |")) }
    }

    @Test func keyTableMatchesTheDeclarations() throws {
        let table = ProximityKindDocumentation.keyTable()
        #expect(try Self.docs().contains(table), "docs/geofence.md lacks the key table:\n\(table)")
        for p in DetectorParameter.proximityShared { #expect(table.contains("| `\(p.key)` |")) }
    }

    /// Two rows checked by hand against the declarations (DetectorParameter+ProximityVocabulary.swift,
    /// ConsecutiveProximityRule.swift).
    @Test func rowsByHand() {
        #expect(
            ProximityKindDocumentation.keyTable().contains(
                "| `dwellSeconds` | s | 10 s | [0, 86400] | `dwell` | continuous time inside needed to enter |"))
        #expect(
            ProximityKindDocumentation.kindTable().contains(
                "| `consecutive` | `radiusMeters` 50 m, `requiredConsecutiveFixes` 2 | no | 2 fixes in a row |"))
    }
}
