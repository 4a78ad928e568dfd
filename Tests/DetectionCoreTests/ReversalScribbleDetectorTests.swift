import Foundation
import Testing

@testable import DetectionCore

/// `scribble` (`ReversalScribbleDetector`), the scribble family's first kind: its declaration and its JSON. Its
/// behaviour on hand-made gestures is in `ScribbleDetectorTests` (the detector runs this kind by default).
@Suite struct ReversalScribbleDetectorTests {
    /// It reads the whole shared vocabulary at the documented defaults (ScribbleDetectorConfiguration's table) and is
    /// the kind a file without `kind` means.
    @Test func declaration() {
        let kind = ScribbleDetectorKind.scribble
        #expect(kind.rawValue == "scribble")
        #expect(
            kind.readings.map(\.key) == [
                "requiredReversals", "minimumTravelPoints", "pathToDiagonalRatio", "windowSeconds", "cooldownSeconds",
                "firesOncePerGesture",
            ])
        #expect(ScribbleDetectorConfiguration(kind: kind) == .default)
        #expect(ScribbleDetectorConfiguration.default.kind == kind)
    }

    /// Its encoding carries no `kind` (as every scribble configuration written before the family did), and a file
    /// without `kind` decodes to it.
    @Test func encodingIsTheOneBeforeTheFamily() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(ScribbleDetectorConfiguration(requiredReversals: 4)), as: UTF8.self)
        #expect(
            json
                == #"{"cooldownSeconds":0,"firesOncePerGesture":true,"minimumTravelPoints":20,"pathToDiagonalRatio":2.5,"requiredReversals":4,"windowSeconds":1.5}"#
        )
        let c = try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: Data(#"{"requiredReversals":5}"#.utf8))
        #expect(c.kind == .scribble && c.requiredReversals == 5)
    }

    /// One back-and-forth scratch at 60 Hz fires once, at the third reversal (the default): strokes of 100 pt along x,
    /// 0.1 s each, so reversals at 0.1, 0.2 and 0.3 s register 20 pt past each turn (travel 20 pt at 1000 pt/s, 0.02 s),
    /// and the path (≈ 3 × 100 + 20 pt) is far over 2.5 × the ≈ 100 pt box diagonal.
    @Test func scratchFiresOnceAtTheThirdReversal() throws {
        var d = try ScribbleDetector(configuration: ScribbleDetectorConfiguration(kind: .scribble), maximumTouchRateHz: 60)
        var fired: [Double] = []
        for i in 0...30 {
            let t = Double(i) / 60
            let phase = (t / 0.1).truncatingRemainder(dividingBy: 2)
            let x = phase < 1 ? 100 * phase : 100 * (2 - phase)
            if d.consume(TouchPoint(x: x, y: 0, timestampSeconds: t)) { fired.append(t) }
        }
        #expect(fired.count == 1)
        #expect(fired.allSatisfy { $0 > 0.3 && $0 < 0.36 }, "\(fired)")
    }
}
