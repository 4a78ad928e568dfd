import DetectionCore
import Foundation
import Testing

@testable import Studies

/// `docs/shake.md` holds the scribble key table exactly as the declarations write it, so a new key without its docs
/// row, or a changed default, range or ladder the docs do not show, fails here.
@Suite struct ScribbleKeyDocumentationTests {
    @Test func keyTableMatchesTheDeclarations() throws {
        let table = ScribbleKeyDocumentation.keyTable()
        #expect(try ShakeKindDocumentationTests.docs().contains(table), "docs/shake.md lacks the scribble key table:\n\(table)")
        for p in ScribbleDetectorConfiguration.parameters { #expect(table.contains("| `\(p.key)` |")) }
    }

    /// The kind table holds every registered kind, as the declarations write it.
    @Test func kindTableMatchesTheDeclarations() throws {
        let table = ScribbleKeyDocumentation.kindTable()
        #expect(try ShakeKindDocumentationTests.docs().contains(table), "docs/shake.md lacks the scribble kind table:\n\(table)")
        for kind in ScribbleDetectorKind.allCases { #expect(table.contains("| `\(kind.rawValue)` |")) }
        #expect(table.contains("| `scribble` | every shared key | `requiredReversals`, `minimumTravelPoints` | with 3 reversals |"))
    }

    /// Two rows checked by hand against the declarations' numbers (DetectorParameter.swift).
    @Test func rowsByHand() {
        let table = ScribbleKeyDocumentation.keyTable()
        #expect(table.contains("| `requiredReversals` | — | 3 | 1...100 | 2, 3, 4, 5, 6, 8 |"))
        #expect(table.contains("| `firesOncePerGesture` | — | true | true or false | — |"))
    }

    /// The sweep's key lists come from the declarations: flags, counts and numbers.
    @Test func sweepKeysFromTheDeclarations() {
        #expect(ScribbleScenario.flagKeys(.scribble) == ["firesOncePerGesture"])
        #expect(ScribbleScenario.integerKeys(.scribble) == ["requiredReversals"])
        #expect(
            ScribbleScenario.numericKeys(.scribble) == [
                "requiredReversals", "minimumTravelPoints", "pathToDiagonalRatio", "windowSeconds", "cooldownSeconds",
            ])
    }
}
