import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Each team at its own rate: a probe team sees its own interval in every suite

/// Probe teams written as a student writes a Core Motion class: a `CMMotionManager` owned by the class, its
/// interval set, a handler on `OperationQueue.main` that counts every update. The glue reports the count, so the
/// harness answers "fired" at every sample the app was handed: the firing times are the delivery times.
enum RateProbe {
    /// A probe reading the accelerometer (`useDeviceMotion` false) or device motion at `interval` seconds.
    static func files(interval: String, useDeviceMotion: Bool) -> [String: String] {
        let start =
            useDeviceMotion
            ? """
                    motionManager.deviceMotionUpdateInterval = \(interval)
                    motionManager.startDeviceMotionUpdates(to: OperationQueue.main) { motion, error in
                        guard motion != nil else { return }
                        self.updates += 1
                    }
            """
            : """
                    motionManager.accelerometerUpdateInterval = \(interval)
                    motionManager.startAccelerometerUpdates(to: OperationQueue.main) { data, error in
                        guard data != nil else { return }
                        self.updates += 1
                    }
            """
        return [
            "MotionProbe.swift": """
            import CoreMotion
            import Foundation

            class MotionProbe {
                let motionManager = CMMotionManager()
                var updates = 0

                init() {
                    guard motionManager.isAccelerometerAvailable else { return }
            \(start)
                }
            }

            """,
            "MotionProbe+Grading.swift": """
            import CoreMotion

            extension MotionProbe: ShakeApp {
                var sensorBenchShakeCount: Int { updates }
            }

            """,
        ]
    }

    static func submission(_ team: String) -> String {
        """
        {"team": "\(team)", "gesture": "shake", "source": {"shakeApp": "MotionProbe"},
         "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
        """
    }
}

@Suite(.serialized) struct SourceRateProbeTests {
    /// 5 Hz (0.2 s) and 10 Hz (0.1 s) on the accelerometer, 50 Hz (0.02 s) on device motion: in the shake
    /// timelines and in every hall visit, consecutive deliveries are exactly 1/rate apart (the streams are
    /// 100 Hz, so every 20th, 10th and 2nd sample), the first at the stream's first sample (t = 0), and the
    /// team report's note names the interval the app set.
    @Test func probeSeesItsOwnIntervalInEverySuite() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let probes: [(team: String, interval: String, hz: Double, deviceMotion: Bool)] = [
            ("probe-5hz", "0.2", 5, false), ("probe-10hz", "0.1", 10, false), ("probe-50hz", "0.02", 50, true),
        ]
        var sources: [String: (submission: String, files: [String: String])] = [:]
        for p in probes {
            sources[p.team] = (RateProbe.submission(p.team), RateProbe.files(interval: p.interval, useDeviceMotion: p.deviceMotion))
        }
        let folder = try SourceFixture.folder(json: [:], sources: sources)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(rubric, files: probes.map { folder.appendingPathComponent($0.team).path })
        #expect(failures.isEmpty)
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        for (g, p) in zip(grades, probes) {
            let source = try #require(g.source)
            #expect(source.failure == nil, "\(p.team): \(String(describing: source.failure))")
            // Suite 0 is the hall visits (12 visits), suite 1 the shake timelines (2 timelines).
            for (suite, trials) in [(0, 12), (1, 2)] {
                let all = try #require(source.times[suite], "\(p.team) suite \(suite)")
                #expect(all.count == trials)
                for times in all {
                    #expect(times.first == 0)
                    let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
                    #expect(!gaps.isEmpty && gaps.allSatisfy { abs($0 - 1 / p.hz) < 1e-9 }, "\(p.team) suite \(suite)")
                }
            }
            let seconds = p.deviceMotion ? source.intervals.deviceMotionSeconds : source.intervals.accelerometerSeconds
            #expect(seconds == Double(p.interval))
            #expect(source.rawAccelerometer == (p.deviceMotion ? false : true))
            #expect(source.runNotes().first?.contains("= \(p.interval) s (\(Int(p.hz)) Hz") == true, "\(source.runNotes())")
        }
    }
}
