import FileFormats
import Foundation
import SensorSim
import Stats

/// The `bench` measurement of the Allan analysis on a long recording, generated in memory (no CSV).
package enum AllanBenchmark {
    /// 10 hours at 100 Hz: 3.6 million samples per axis.
    package static let hours = 10.0
    package static let sampleRateHz = 100.0

    /// Simulates a still phone-calibrated gyro on three axes (as the samples are made), then times
    /// ``AllanAnalysis`` over all three axes: the curves, the noise terms and, on every axis (each holds the
    /// profile's Gauss–Markov bias), the 200-record bootstrap of its intervals.
    ///
    /// - Returns: the README table row, "| allan, 10 h at 100 Hz, 3 axes | X s |".
    /// - Throws: ``StatsError`` or ``InputError`` from the analysis.
    package static func row() throws -> String {
        let profile = SampleRecordings.phoneCalibrated
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        let n = Int(hours * 3600 * sampleRateHz)
        var axes: [[Double]] = []
        for _ in 0..<3 {
            var model = GyroErrorModel(
                profile: profile, device: GyroDevice.draw(from: profile, stream: stream),
                stream: stream)
            axes.append((0..<n).map { _ in model.measure(0, stream: stream) })
        }
        let info = RecordingInfo(
            file: "bench", format: .generic, unit: .radPerSec, unitSource: "bench",
            sampleCount: n, firstTimeSeconds: 0, lastTimeSeconds: Double(n - 1) / sampleRateHz,
            largestStepSeconds: 1 / sampleRateHz)
        let recording = SensorRecording(info: info, x: axes[0], y: axes[1], z: axes[2])
        let start = DispatchTime.now().uptimeNanoseconds
        let analysis = try AllanAnalysis(recording: recording, axes: ["x", "y", "z"])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Use the result so the analysis cannot be optimised away.
        guard analysis.axes.count == 3 else { return "| allan, 10 h at 100 Hz, 3 axes | failed |" }
        return "| allan, 10 h at 100 Hz, 3 axes | " + String(format: "%.2f s", seconds) + " |"
    }
}

// MARK: - Recovery

extension AllanBenchmark {
    /// One synthetic static recording's truth: a gyro profile's white noise on every axis, its bias instability
    /// (Gauss–Markov σ and T) and rate random walk on z only, zero turn-on bias unless given.
    package struct RecoveryCase: Sendable {
        package var noiseDensityDegPerSecPerRootHz: Double
        package var biasInstabilityDegPerHour: Double
        package var correlationTimeSeconds: Double
        package var rateRandomWalkDegPerSecPerRootSec: Double = 0
        package var turnOnBiasDegPerSec: Double = 0
        package var seconds: Double
        package var sampleRateHz: Double = 100

        package init(
            noiseDensityDegPerSecPerRootHz: Double, biasInstabilityDegPerHour: Double, correlationTimeSeconds: Double,
            seconds: Double, sampleRateHz: Double = 100
        ) {
            self.noiseDensityDegPerSecPerRootHz = noiseDensityDegPerSecPerRootHz
            self.biasInstabilityDegPerHour = biasInstabilityDegPerHour
            self.correlationTimeSeconds = correlationTimeSeconds
            self.seconds = seconds
            self.sampleRateHz = sampleRateHz
        }

        /// The profile of the z axis.
        package var profile: GyroProfile {
            var p = GyroProfile(name: "truth")
            p.sampleRateHz = sampleRateHz
            p.noiseDensityDegPerSecPerRootHz = noiseDensityDegPerSecPerRootHz
            p.biasInstabilityDegPerHour = biasInstabilityDegPerHour
            p.biasCorrelationTimeSeconds = correlationTimeSeconds
            p.rateRandomWalkDegPerSecPerRootSec = rateRandomWalkDegPerSecPerRootSec
            return p
        }
    }

    /// A static recording made by ``GyroErrorModel`` in memory (true rate 0): z from the case's profile with a turn-on
    /// bias of exactly `turnOnBiasDegPerSec`; x and y from the same profile without bias instability and random walk.
    package static func recording(_ c: RecoveryCase, seed: UInt64) throws -> SensorRecording {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
        var whiteOnly = c.profile
        whiteOnly.biasInstabilityDegPerHour = 0
        whiteOnly.rateRandomWalkDegPerSecPerRootSec = 0
        var zModel = GyroErrorModel(
            profile: c.profile, device: GyroDevice(turnOnBiasRadPerSec: c.turnOnBiasDegPerSec * .pi / 180), stream: stream)
        var xModel = GyroErrorModel(profile: whiteOnly, device: GyroDevice(), stream: stream)
        var yModel = GyroErrorModel(profile: whiteOnly, device: GyroDevice(), stream: stream)
        let n = Int((c.seconds * c.sampleRateHz).rounded())
        var x = [Double](repeating: 0, count: n)
        var y = x
        var z = x
        for k in 0..<n {
            x[k] = xModel.measure(0, stream: stream)
            y[k] = yModel.measure(0, stream: stream)
            z[k] = zModel.measure(0, stream: stream)
        }
        let info = RecordingInfo(
            file: "simulated.csv", format: .generic, unit: .radPerSec, unitSource: "simulation", sampleCount: n,
            firstTimeSeconds: 0, lastTimeSeconds: Double(n - 1) / c.sampleRateHz, largestStepSeconds: 1 / c.sampleRateHz)
        return SensorRecording(info: info, x: x, y: y, z: z)
    }
}

// MARK: - Recovery table

extension AllanBenchmark {
    /// The grid of the README's recovery table (all at 100 Hz): the case (0.007 °/s/√Hz, 10 °/h, T = 100 s)
    /// over record lengths, then shorter and longer T, weaker and stronger bias, more white noise.
    package static var recoveryGrid: [RecoveryCase] {
        let hour = 3600.0
        let rows: [(Double, Double, Double, Double)] = [
            (0.007, 10, 100, 0.25 * hour), (0.007, 10, 100, 1 * hour), (0.007, 10, 100, 3 * hour), (0.007, 10, 100, 10 * hour),
            (0.007, 10, 30, 1 * hour), (0.007, 10, 300, 3 * hour), (0.007, 10, 300, 10 * hour),
            (0.007, 3, 100, 3 * hour), (0.007, 30, 100, 1 * hour), (0.02, 10, 100, 3 * hour),
        ]
        return rows.map {
            RecoveryCase(
                noiseDensityDegPerSecPerRootHz: $0.0, biasInstabilityDegPerHour: $0.1, correlationTimeSeconds: $0.2, seconds: $0.3)
        }
    }

    /// The recovery table: per case, `replications` recordings (seeds 1…R) analysed as `allan` and `calibrate` do;
    /// z holds the Gauss–Markov bias, x white noise only. Markdown, generated from the numbers.
    package static func recoveryTable(replications: Int) throws -> String {
        var lines = [
            "| N (°/s/√Hz) | σ_GM (°/h) | T (s) | length (h) | L/T | z: GM identified | median σ̂ (°/h) | σ̂ within ×1.5 "
                + "| σ interval covers | median T̂ (s) | T̂ within ×1.5 | T interval covers | N interval covers | x: wrongly identified |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        func share(_ k: Int, _ n: Int) -> String { n == 0 ? "–" : "\(k)/\(n)" }
        func g3(_ x: Double) -> String { String(format: "%.3g", x) }
        func median(_ v: [Double]) -> String {
            guard !v.isEmpty else { return "–" }
            let s = v.sorted()
            return g3(s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
        }
        for c in recoveryGrid {
            var identified = 0
            var sigmas: [Double] = []
            var times: [Double] = []
            var sigmaClose = 0, timeClose = 0, sigmaCovers = 0, timeCovers = 0, nCovers = 0, falseX = 0
            let trueN = c.noiseDensityDegPerSecPerRootHz * .pi / 180
            let trueSigma = c.biasInstabilityDegPerHour / 3600 * .pi / 180
            for r in 1...replications {
                let recording = try recording(c, seed: UInt64(r))
                let analysis = try AllanAnalysis(recording: recording, axes: ["x", "z"])
                let x = analysis.axes[0].terms
                let z = analysis.axes[1].terms
                if case .notIdentified = x.biasInstability {} else { falseX += 1 }
                if z.angleRandomWalk?.interval.contains(trueN) == true { nCovers += 1 }
                guard case .gaussMarkov(let gm) = z.biasInstability else { continue }
                identified += 1
                let s = gm.sigma.value
                let t = gm.correlationTime.value
                sigmas.append(AllanAnalysis.biasInstabilityDegPerHour(s))
                times.append(t)
                if s / trueSigma < 1.5 && trueSigma / s < 1.5 { sigmaClose += 1 }
                if t / c.correlationTimeSeconds < 1.5 && c.correlationTimeSeconds / t < 1.5 { timeClose += 1 }
                if gm.sigma.interval.contains(trueSigma) { sigmaCovers += 1 }
                if gm.correlationTime.interval.contains(c.correlationTimeSeconds) { timeCovers += 1 }
            }
            let cells = [
                g3(c.noiseDensityDegPerSecPerRootHz), g3(c.biasInstabilityDegPerHour), g3(c.correlationTimeSeconds),
                g3(c.seconds / 3600), g3(c.seconds / c.correlationTimeSeconds), share(identified, replications), median(sigmas),
                share(sigmaClose, identified), share(sigmaCovers, identified), median(times), share(timeClose, identified),
                share(timeCovers, identified), share(nCovers, replications), share(falseX, replications),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
