import Foundation
import Testing

@testable import DetectionCore

// MARK: - reversal (ReversalShakeDetector) on hand-made traces

@Suite struct ReversalShakeDetectorTests {

    /// A 2 g shake along (1, 1, 0)/√2 gives each device axis only 1.41 g, below a 1.5 g threshold, yet the
    /// magnitude is 2|sin| and the direction flips each half cycle: the reversal detector fires once.
    /// Excursions (|sin| > 0.75) start at τ = 0.04, 0.16, 0.29, 0.41, 0.54 → 4th reversal at τ = 0.54.
    @Test func reversalFollowsADiagonalShake() throws {
        let diagonal = (x: 1 / 2.0.squareRoot(), y: 1 / 2.0.squareRoot(), z: 0.0)
        let samples = ShakeTraces.trace(
            totalSeconds: 3,
            segments: [
                .init(startSeconds: 0, durationSeconds: 1, direction: diagonal)
            ])
        #expect(samples.allSatisfy { abs($0.x) < 1.5 && abs($0.y) < 1.5 })
        let configuration = ShakeTraces.configuration(.reversal) { $0.thresholdG = 1.5 }
        var detector = try ShakeDetector(configuration: configuration)
        #expect(ShakeTraces.eventIndices(&detector, samples) == [54])
    }
}
