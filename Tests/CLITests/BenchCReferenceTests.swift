import DetectionCore
import Testing

@testable import sensorbench

/// Every C reference a shake kind declares is a loop the bench can run, so a kind cannot name one that bench would
/// then refuse at run time; a kind that declares none is timed without a C comparison.
@Suite struct BenchCReferenceTests {
    @Test(arguments: ShakeDetectorKind.allCases)
    func declaredCReferenceIsKnownToBench(kind: ShakeDetectorKind) {
        guard let reference = kind.cReference else { return }
        #expect(Benchmark.CShakeInput.knownCReferences.contains(reference), "\(kind.rawValue) names \(reference)")
    }

    /// The shipped kinds each have their loop (Sources/CBenchReference).
    @Test func shippedKindsHaveTheirLoops() {
        #expect(ShakeDetectorKind.thresholdCount.cReference == "cbr_shake_threshold_count")
        #expect(ShakeDetectorKind.windowFraction.cReference == "cbr_shake_window_fraction")
        #expect(ShakeDetectorKind.reversal.cReference == "cbr_shake_reversal")
        #expect(ShakeDetectorKind.rawMagnitude.cReference == "cbr_shake_raw_magnitude")
    }
}
