import DetectionCore
import Foundation
import SensorShims
import SensorSim
import Stats
import Testing

@testable import Studies

/// The pasteable scribble detector of docs/detectors.md (`Pasteable/ScribbleScratch.swift`, SwiftUI's drag gesture
/// value only, compiled here against the shims) fires on exactly the points the core's `ScribbleDetector` fires on, for
/// the shipped scribble report's recommendation, over the timelines of the shipped scribble scenario.
@Suite struct PasteableScribbleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A setting as the core's configuration and as the pasteable class; the keys not named are the kind's defaults
    /// (window 1.5 s, no cooldown, once per gesture), which are the class's too.
    struct Setting: Sendable, CustomTestStringConvertible {
        let requiredReversals: Int
        let minimumTravelPoints: Double
        let pathToDiagonalRatio: Double
        var cooldownSeconds = 0.0
        var firesOncePerGesture = true
        var testDescription: String {
            "\(requiredReversals) reversals, \(minimumTravelPoints) pt, ratio \(pathToDiagonalRatio), cooldown "
                + "\(cooldownSeconds) s, once per gesture \(firesOncePerGesture)"
        }

        var configuration: ScribbleDetectorConfiguration {
            var c = ScribbleDetectorConfiguration(kind: .scribble)
            c["requiredReversals"] = .count(requiredReversals)
            c["minimumTravelPoints"] = .real(minimumTravelPoints)
            c["pathToDiagonalRatio"] = .real(pathToDiagonalRatio)
            c["cooldownSeconds"] = .real(cooldownSeconds)
            c["firesOncePerGesture"] = .flag(firesOncePerGesture)
            return c
        }

        func pasted() -> ScribbleScratch {
            ScribbleScratch(
                requiredReversals: requiredReversals, minimumTravelPoints: minimumTravelPoints,
                pathToDiagonalRatio: pathToDiagonalRatio, cooldownSeconds: cooldownSeconds,
                firesOncePerGesture: firesOncePerGesture)
        }
    }

    /// Reports/scribble-tuning/summary.md's best trade-off.
    static let recommended = Setting(requiredReversals: 6, minimumTravelPoints: 60, pathToDiagonalRatio: 4)

    /// The recommendation is what the committed report says and one of its scenario's settings.
    @Test func recommendationIsTheReports() throws {
        let summary = try String(
            contentsOf: Self.root.appendingPathComponent("Reports/scribble-tuning/summary.md"), encoding: .utf8)
        #expect(
            summary.contains(
                "**Best trade-off: scribble with requiredReversals 6, minimumTravelPoints 60, pathToDiagonalRatio 4**"))
        let scenario = try ScenarioFile.load(path: Self.root.appendingPathComponent("Scenarios/scribble-tuning.json").path)
        let scribble = try #require(scenario.study as? ScribbleScenario)
        #expect(scribble.configurations.contains(Self.recommended.configuration))
    }

    /// Event for event over the first two timelines of `scribble-tuning` (its own seed), every point fed to both as
    /// the drag gesture delivers it and `touchEnded` after each gesture: the recommendation, the kind's defaults (3
    /// reversals, 20 pt, 2.5), and the defaults with a 0.5 s cooldown and an event at every completed pattern (so the
    /// cooldown and the restart after an event are compared too).
    @Test(arguments: [
        recommended, Setting(requiredReversals: 3, minimumTravelPoints: 20, pathToDiagonalRatio: 2.5),
        Setting(
            requiredReversals: 3, minimumTravelPoints: 20, pathToDiagonalRatio: 2.5, cooldownSeconds: 0.5,
            firesOncePerGesture: false),
    ])
    func pastedCodeFiresWhereTheCoreFires(_ setting: Setting) throws {
        let scenario = try ScenarioFile.load(path: Self.root.appendingPathComponent("Scenarios/scribble-tuning.json").path)
        let scribble = try #require(scenario.study as? ScribbleScenario)
        var total = 0
        for i in 0..<2 {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: scribble.seed, trialIndex: UInt64(i)))
            let timeline = TouchTimelineGenerator.generate(scribble.timeline, stream: stream)
            var core = try ScribbleDetector(
                configuration: setting.configuration, maximumTouchRateHz: scribble.timeline.touchRateHz)
            let pasted = setting.pasted()
            var coreFired: [Int] = []
            var pastedFired: [Int] = []
            for gesture in timeline.gestures {
                let start = SensorShims.CGPoint(x: timeline.x[gesture.firstPoint], y: timeline.y[gesture.firstPoint])
                for k in gesture.firstPoint..<(gesture.firstPoint + gesture.pointCount) {
                    if core.consume(TouchPoint(x: timeline.x[k], y: timeline.y[k], timestampSeconds: timeline.t[k])) {
                        coreFired.append(k)
                    }
                    let value = DragGesture.Value(
                        time: SensorShims.Date(timeIntervalSinceReferenceDate: timeline.t[k]),
                        location: SensorShims.CGPoint(x: timeline.x[k], y: timeline.y[k]), startLocation: start)
                    if pasted.handle(value) { pastedFired.append(k) }
                }
                core.touchEnded()
                pasted.touchEnded()
            }
            #expect(pastedFired == coreFired, "timeline \(i)")
            total += coreFired.count
        }
        // The comparison means something only if the detector fires.
        #expect(total > 0)
    }
}
