import Foundation
import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// One phone's crossover and shares against the phone's own truth (``DriftCoverage/answerRows(_:device:)``,
/// docs/drift.md part s): the truth by hand, what a crossover's status states, and the coverage of both over
/// replications of the one-phone design.
@Suite struct DriftOnePhoneAnswerCoverageTests {
    /// White noise N = 0.005 °/s/√Hz alone in the profile, and a phone with bias b = 0.02 °/s and scale factor 1% on a
    /// loop (θ_net = θ_total = 360°): time's part (b·T)² + N²T equals turning's (0.01·360)² = 12.96 °² where
    /// 4·10⁻⁴·T² + 2.5·10⁻⁵·T − 12.96 = 0, T = (−2.5·10⁻⁵ + √(6.25·10⁻¹⁰ + 0.020736))/(8·10⁻⁴) = 179.97 s (the
    /// quadratic formula), whatever the cell's own duration (the search goes beyond it). A zigzag of 16 90° turns with
    /// asymmetry 1% alone (θ_total = 1440°, turning (0.005·1440)² = 51.84 °²) against the bias alone: 7.2/0.02 = 360 s.
    /// No turning error: 0.
    @Test func trueCrossoverByHand() throws {
        var p = GyroProfile(name: "white")
        p.noiseDensityDegPerSecPerRootHz = 0.005
        let loop = DriftCell(
            index: 0, profile: p, input: .rotationRate, tiltDegrees: 0, walk: WalkParameters(minutes: 1, turns: 4, shape: .loop))
        let phone = DeviceAnswer.Phone(biasDegPerSec: 0.02, scaleFactor: 0.01, asymmetry: 0)
        let expected = (-2.5e-5 + (6.25e-10 + 0.020736).squareRoot()) / 8e-4 / 60
        let t = DriftCoverage.trueOnePhoneCrossoverMinutes(loop, phone: phone)
        #expect(abs(t / expected - 1) < 1e-9, "\(t) min, expected \(expected)")
        #expect(abs(t * 60 - 179.97) < 0.01)

        let quiet = GyroProfile(name: "quiet")
        let zigzag = DriftCell(
            index: 1, profile: quiet, input: .rotationRate, tiltDegrees: 0, walk: WalkParameters(minutes: 1, turns: 16, shape: .zigzag))
        let asymmetric = DeviceAnswer.Phone(biasDegPerSec: 0.02, scaleFactor: 0.01, asymmetry: 0.01)
        let z = DriftCoverage.trueOnePhoneCrossoverMinutes(zigzag, phone: asymmetric)
        #expect(abs(z - 6) < 1e-9, "\(z) min (the scale factor does not act on a zigzag, θ_net = 0)")
        let straightReading = DeviceAnswer.Phone(biasDegPerSec: 0.02, scaleFactor: 0, asymmetry: 0)
        #expect(DriftCoverage.trueOnePhoneCrossoverMinutes(loop, phone: straightReading) == 0)
    }

    /// What each status states, on a 1–5 minute grid: a verdict is a half-line, a crossing's interval is open where it
    /// was clipped at the grid's edge and closed where it was not.
    @Test func statedIntervals() throws {
        let cell = DriftCell(
            index: 0, profile: GyroProfile(name: "p"), input: .rotationRate, tiltDegrees: 0,
            walk: WalkParameters(minutes: 1, turns: 16, shape: .loop))
        func stated(_ status: DriftDecomposition.Crossover.Status) -> ConfidenceInterval {
            DriftCoverage.statedInterval(
                DriftDecomposition.Crossover(
                    representative: cell, minimumMinutes: 1, maximumMinutes: 5, status: status, tiltDominatesTurning: false)
            ).interval
        }
        #expect(stated(.timeEverywhere) == ConfidenceInterval(low: 0, high: 1))
        #expect(stated(.turningEverywhere) == ConfidenceInterval(low: 5, high: .infinity))
        #expect(stated(.crosses(minutes: 2, low: 1.5, high: 3)) == ConfidenceInterval(low: 1.5, high: 3))
        #expect(stated(.crosses(minutes: 2, low: 1, high: 3)) == ConfidenceInterval(low: 0, high: 3))
        #expect(stated(.crosses(minutes: 4, low: 2, high: 5)) == ConfidenceInterval(low: 2, high: .infinity))
        #expect(stated(.turningNotIdentified(atMostMinutes: 2.5)) == ConfidenceInterval(low: 0, high: 2.5))
    }

    /// The RMS intervals' coverage note (parts s and t). Cells that take the union with the χ²ₙ interval need none
    /// from 20 walks a cell on (the union covered 96.9% at 20, 96.1% at 100); cells with the bootstrap interval alone
    /// keep part s's note from 20 to 99 walks (93.6% at 20, 94.8% at 100), naming which cells when some take the union;
    /// below 20 (BCa) the note gives the union's 96.1% at 10 walks and the BCa interval's alone, 85.6% at 10 and 89.8%
    /// at 20. 100 walks and more: none.
    @Test func rmsCoverageNote() throws {
        for (union, cells) in [(0, 10), (4, 10), (10, 10)] {
            #expect(DriftAnalysis.rmsCoverageNote(trialsPerCell: 100, unionCells: union, cells: cells) == nil)
            #expect(DriftAnalysis.rmsCoverageNote(trialsPerCell: 200, unionCells: union, cells: cells) == nil)
        }
        for n in [20, 99] {
            #expect(DriftAnalysis.rmsCoverageNote(trialsPerCell: n, unionCells: 10, cells: 10) == nil)
            let alone = try #require(DriftAnalysis.rmsCoverageNote(trialsPerCell: n, unionCells: 0, cells: 10))
            #expect(alone.contains("With fewer than 100 walks a cell these intervals are somewhat too narrow"), "\(alone)")
            #expect(alone.contains("93.6% of cells at 20 walks a cell and 94.8% at 100"), "\(alone)")
            let some = try #require(DriftAnalysis.rmsCoverageNote(trialsPerCell: n, unionCells: 4, cells: 10))
            #expect(some.contains("the other cells' intervals (the bootstrap's alone) are somewhat too narrow"), "\(some)")
        }
        let few = try #require(DriftAnalysis.rmsCoverageNote(trialsPerCell: 19, unionCells: 0, cells: 10))
        #expect(few.contains("With fewer than 20 walks a cell these BCa intervals are too narrow"), "\(few)")
        #expect(few.contains("85.6% of cells at 10 walks a cell and 89.8% at 20"), "\(few)")
        let fewUnion = try #require(DriftAnalysis.rmsCoverageNote(trialsPerCell: 19, unionCells: 10, cells: 10))
        #expect(fewUnion.contains("the union covered 96.1% of cells at 10 walks a cell"), "\(fewUnion)")
        #expect(!fewUnion.contains("other cells"), "\(fewUnion)")
        let fewSome = try #require(DriftAnalysis.rmsCoverageNote(trialsPerCell: 3, unionCells: 4, cells: 10))
        #expect(fewSome.contains("the other cells' BCa interval alone is too narrow"), "\(fewSome)")
    }

    /// The coverage figures the notes quote by hand are the measured ones: every "NN.N%" a note gives stands in
    /// docs/drift.md (parts r, s and t), so re-running those tables without updating the note fails here.
    @Test func rmsCoverageNoteQuotesTheDocs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/drift.md"), encoding: .utf8)
        let notes = [(20, 0), (19, 0), (19, 10), (3, 4)].compactMap {
            DriftAnalysis.rmsCoverageNote(trialsPerCell: $0.0, unionCells: $0.1, cells: 10)
        }
        #expect(notes.count == 4)
        var figures: Set<String> = []
        for note in notes {
            let words = note.split(whereSeparator: { " (),;".contains($0) })
            figures.formUnion(words.filter { $0.hasSuffix("%") && $0.dropLast().contains(".") }.map(String.init))
        }
        #expect(figures == ["93.6%", "94.8%", "85.6%", "89.8%", "96.1%"], "\(figures)")
        for figure in figures { #expect(docs.contains(figure), "\(figure) is not in docs/drift.md") }
    }

    /// Which cells take the union with the χ²ₙ interval (``DriftAnalysis/rmsDriftIsZeroMeanGaussian(_:_:)``): a fresh
    /// phone of a class profile each walk, planned rotations, no tilt under-read. A level loop and zigzag do; the same
    /// with one phone, a random walk, or a tilted z rate (its loop's mean drift is (cos 15° − 1)·360° ≈ −12°) do not;
    /// a tilted phone read by attitude yaw does; a device profile does not (its draws centre on measured values).
    @Test func whichCellsTakeTheUnion() throws {
        let p = DriftCoverage.phoneCalibratedAt10Hz()
        func cell(_ shape: WalkShape, tilt: Double = 0, input: HeadingInput = .rotationRate, profile: GyroProfile? = nil) -> DriftCell {
            DriftCell(
                index: 0, profile: profile ?? p, input: input, tiltDegrees: tilt, walk: WalkParameters(minutes: 2, turns: 4, shape: shape))
        }
        let fresh = gridScenario(p, minutes: [2], turns: [4], trials: 20, seed: 1)
        let one = gridScenario(p, minutes: [2], turns: [4], trials: 20, seed: 1, sameDevice: true)
        #expect(DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.loop)))
        #expect(DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.zigzag)))
        #expect(DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.outAndBack)))
        #expect(!DriftAnalysis.rmsDriftIsZeroMeanGaussian(one, cell(.loop)))
        #expect(!DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.random)))
        #expect(!DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.loop, tilt: 15)))
        #expect(DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.loop, tilt: 15, input: .attitudeYaw)))
        var device = p
        device.kind = .device
        #expect(!DriftAnalysis.rmsDriftIsZeroMeanGaussian(fresh, cell(.loop, profile: device)))
    }
}
