import DetectionCore
import Foundation
import SensorShims
import SensorSim
import Stats
import Testing

@testable import Studies

/// The pasteable detectors of docs/detectors.md (`Pasteable/*.swift`, Core Motion types only, compiled here against the
/// shims) fire on exactly the samples the core's `ShakeDetector` fires on, for every shipped shake report's
/// recommendation, over the timelines of the shipped shake scenarios.
@Suite struct PasteableDetectorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A pasteable class with its arguments. The keys not named are the kind's defaults, which are the class's
    /// (window-fraction: window 0.5 s, span 0.25 s, 4 samples; reversal and threshold-count: requiredCount 4; all:
    /// cooldown 1 s).
    enum Pasted: Sendable {
        case windowFraction(thresholdG: Double, requiredFraction: Double)
        case reversal(thresholdG: Double, windowSeconds: Double)
        case thresholdCount(thresholdG: Double)

        /// The same setting in the core's vocabulary.
        var configuration: ShakeDetectorConfiguration {
            switch self {
            case .windowFraction(let thresholdG, let requiredFraction):
                var c = ShakeDetectorConfiguration(kind: .windowFraction)
                c.thresholdG = thresholdG
                c["requiredFraction"] = .real(requiredFraction)
                return c
            case .reversal(let thresholdG, let windowSeconds):
                var c = ShakeDetectorConfiguration(kind: .reversal)
                c.thresholdG = thresholdG
                c.windowSeconds = windowSeconds
                return c
            case .thresholdCount(let thresholdG):
                var c = ShakeDetectorConfiguration(kind: .thresholdCount)
                c.thresholdG = thresholdG
                return c
            }
        }

        /// A fresh instance of the pasted class, as its `handle` function.
        func make() -> (CMDeviceMotion) -> Bool {
            switch self {
            case .windowFraction(let thresholdG, let requiredFraction):
                return WindowFractionShake(thresholdG: thresholdG, requiredFraction: requiredFraction).handle
            case .reversal(let thresholdG, let windowSeconds):
                return ReversalShake(thresholdG: thresholdG, windowSeconds: windowSeconds).handle
            case .thresholdCount(let thresholdG):
                return ThresholdCountShake(thresholdG: thresholdG).handle
            }
        }
    }

    /// Each shipped shake report's recommended (or, when none meets its targets, best trade-off or least bad)
    /// setting, as its summary.md words it, and the same setting as a pasteable class's arguments.
    struct Recommendation: Sendable, CustomTestStringConvertible {
        let report: String
        let words: String
        let pasted: Pasted
        var testDescription: String { "\(report): \(words)" }
        var configuration: ShakeDetectorConfiguration { pasted.configuration }
    }

    static let recommendations = [
        // Reports/shake-everyday/summary.md after the motion library's fit to MotionSense (issue 28).
        Recommendation(
            report: "shake-everyday", words: "the least bad is window-fraction at 1.326 g",
            pasted: .windowFraction(thresholdG: ShakeDetectorConfiguration.seismicMediumThresholdG, requiredFraction: 0.75)),
        // Reports/shake-threshold-tuning/summary.md, likewise.
        Recommendation(
            report: "shake-threshold-tuning", words: "Best trade-off: window-fraction at 2 g",
            pasted: .windowFraction(thresholdG: 2, requiredFraction: 0.75)),
        // Reports/shake-campus-walk/summary.md, likewise.
        Recommendation(
            report: "shake-campus-walk", words: "Best trade-off: reversal at 1.5 g, windowSeconds 0.5",
            pasted: .reversal(thresholdG: 1.5, windowSeconds: 0.5)),
        // Not a report's choice since issue 28 (shake-campus-walk's best trade-off is now the reversal setting above),
        // but a setting of the campus sweep and the window-fraction class's defaults: still checked event for event.
        Recommendation(
            report: "shake-campus-walk",
            words: "window-fraction | thresholdG=1 windowSeconds=0.5 requiredFraction=0.4 minimumWindowSpanSeconds=0.25",
            pasted: .windowFraction(thresholdG: 1, requiredFraction: 0.4)),
        // Reports/sweep-recordings-sample/summary.md (chosen on the labelled sample recordings; windowSeconds 1, the
        // kind's default).
        Recommendation(
            report: "sweep-recordings-sample", words: "Not reliable enough to recommend: threshold-count at 1.8 g:",
            pasted: .thresholdCount(thresholdG: 1.8)),
    ]

    /// The shipped shake scenarios, whose timelines are the suites.
    static let scenarios = ["shake-everyday", "shake-threshold-tuning", "shake-campus-walk"]

    /// The recommendation is what the committed report says and one of its scenario's settings.
    @Test(arguments: recommendations)
    func recommendationIsTheReports(_ r: Recommendation) throws {
        let summary = try String(
            contentsOf: Self.root.appendingPathComponent("Reports/\(r.report)/summary.md"), encoding: .utf8)
        #expect(summary.contains(r.words))
        guard r.report != "sweep-recordings-sample" else {
            // Its sweep is Scenarios/recordings/labelled/sweep.json (a recordings sweep, not a scenario): threshold-count
            // at thresholdG 1.8 and requiredCount 4 must be among its values, windowSeconds left at the default.
            let data = try Data(contentsOf: Self.root.appendingPathComponent("Scenarios/recordings/labelled/sweep.json"))
            let sweep = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["sweep"] as? [[String: Any]])
            let family = try #require(sweep.first { $0["kind"] as? String == "threshold-count" })
            #expect((family["thresholdG"] as? [Double])?.contains(1.8) == true)
            #expect((family["requiredCount"] as? [Int])?.contains(4) == true)
            #expect(family["windowSeconds"] == nil)
            return
        }
        let scenario = try ScenarioFile.load(path: Self.root.appendingPathComponent("Scenarios/\(r.report).json").path)
        let shake = try #require(scenario.study as? ShakeScenario)
        #expect(shake.configurations.contains(r.configuration))
    }

    /// Event for event: the first two timelines of each shipped scenario (its own seeds), every sample fed to both as
    /// Core Motion would deliver it (user acceleration, gravity (0, 0, −1) g, timestamps k / rate). A setting that
    /// never fires on them (window-fraction at 2 g: its report detects none of 216 shakes) is checked on the same
    /// samples doubled too, where shakes of 1–3 g become 2–6 g and it fires.
    @Test(arguments: recommendations)
    func pastedCodeFiresWhereTheCoreFires(_ r: Recommendation) throws {
        var total = 0
        for scale in [1.0, 2.0] where scale == 1 || total == 0 {
            for name in Self.scenarios {
                let scenario = try ScenarioFile.load(path: Self.root.appendingPathComponent("Scenarios/\(name).json").path)
                let shake = try #require(scenario.study as? ShakeScenario)
                for i in 0..<2 {
                    let stream = try RandomStream(seed: TrialSeed(scenarioSeed: shake.seed, trialIndex: UInt64(i)))
                    let timeline = MotionTimelineGenerator.generate(shake.timeline, stream: stream)
                    let samples = TimelineSamples(timeline, includesGravity: false)
                    var core = try ShakeDetector(configuration: r.configuration, maximumSampleRateHz: samples.sampleRateHz)
                    let handle = r.pasted.make()
                    var coreFired: [Int] = []
                    var pastedFired: [Int] = []
                    for (k, sample) in samples.samples.enumerated() {
                        let s = AccelerationSample(
                            timestampSeconds: sample.timestampSeconds, x: scale * sample.x, y: scale * sample.y,
                            z: scale * sample.z)
                        if core.consume(s) { coreFired.append(k) }
                        let motion = CMDeviceMotion(
                            userAcceleration: CMAcceleration(x: s.x, y: s.y, z: s.z), gravity: CMAcceleration(x: 0, y: 0, z: -1),
                            rotationRate: CMRotationRate(), attitude: CMAttitude(roll: 0, pitch: 0, yaw: 0),
                            timestamp: s.timestampSeconds)
                        if handle(motion) { pastedFired.append(k) }
                    }
                    #expect(pastedFired == coreFired, "\(name) timeline \(i), samples ×\(scale)")
                    total += coreFired.count
                }
            }
        }
        // The comparison means something only if the detector fires.
        #expect(total > 0)
    }

    /// docs/detectors.md shows each pasteable file exactly, from the line after its marker, under the import a team
    /// pastes it with.
    @Test(arguments: [
        ("WindowFractionShake", "CoreMotion"), ("ReversalShake", "CoreMotion"), ("ThresholdCountShake", "CoreMotion"),
        ("ScribbleScratch", "SwiftUI"),
    ])
    func docsShowThePastedCode(_ name: String, _ module: String) throws {
        let file = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/SensorShimsTests/Pasteable/\(name).swift"), encoding: .utf8)
        let marker = "// paste-from-here\n"
        let code = String(try #require(file.range(of: marker).map { file[$0.upperBound...] }))
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/detectors.md"), encoding: .utf8)
        #expect(docs.contains("```swift\nimport \(module)\n\n" + code + "```\n"))
    }
}
