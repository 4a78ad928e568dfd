import Foundation
import MonteCarlo
import SensorSim
import Stats

/// A device study's answer in closed form for the measured phone, and how far the phone's measurement uncertainty
/// moves it.
///
/// One phone with bias b (°/s), scale factor s and asymmetry a (fractions) drifts on a walk of T seconds with net
/// and total rotation θ_net, θ_total (docs/drift.md; ``DriftDecomposition``'s model for one phone)
///
///     d = b·T + s·c·θ_net + (a/2)·c·θ_total + (c − 1)·θ_net + e,   e ~ N(0, v(T)),
///
/// c = cos(tilt) for the z rate (1 for the fused yaw) and v(T) the in-run noise (``DriftDecomposition/inRunVariance(_:seconds:)``).
/// Time's part of the mean square is (b·T)² + v(T), turning's (s·c·θ_net + (a/2)·c·θ_total + (c − 1)·θ_net)², time's
/// share time/(time + turning): the decomposition's definitions for one phone, without the signed cross term. For
/// walks that differ only in duration, time overtakes turning where (b·T)² + v(T) = turning (increasing in T), within
/// the grid's durations or not at all.
///
/// The measured values are uncertain: over ``draws`` draws of (b, s, a) from N(value, SE²) each (an unmeasured term
/// is 0, as the study simulates it), the shares and crossovers are recomputed, and their central 95% is the interval
/// the measurement allows. The draws come from one stream seeded from (scenario seed, ``streamIndex``), an index no
/// trial, bootstrap replicate or shared device uses. Random-shape walks (whose rotation varies walk to walk) are left
/// out.
package struct DeviceAnswer: Sendable {
    /// Time's share of one cell's mean square at the measured values, and its central 95% over the draws.
    package struct Share: Sendable {
        package let cell: DriftCell
        package let timeShare: Double
        package let interval: ConfidenceInterval
    }

    /// Where time overtakes turning for walks that differ only in duration.
    package struct Crossover: Sendable {
        /// A cell of the group (the shortest).
        package let representative: DriftCell
        package let minimumMinutes: Double
        package let maximumMinutes: Double
        /// At the measured values.
        package let status: DriftDecomposition.Crossover.Status
        /// The central 95% of the draws' crossover, minutes, a draw where time dominates throughout counted at the
        /// grid's shortest duration and one where turning does at its longest.
        package let interval: ConfidenceInterval
    }

    package static let defaultDraws = 2000
    /// The draws' stream index: below the bootstrap replicates' (``DriftDecomposition``) and the shared device's.
    static let streamIndex: UInt64 = TrialSeed.period - 2_000_000

    package let profile: GyroProfile
    package let draws: Int
    package let shares: [Share]
    package let crossovers: [Crossover]

    /// The phone's fixed errors: b in °/s, s and a as fractions.
    package struct Phone: Sendable {
        package let biasDegPerSec: Double
        package let scaleFactor: Double
        package let asymmetry: Double
    }

    /// Time's and turning's parts (deg²) of `cell`'s mean square for `phone`, at `seconds` (default: the cell's).
    package static func parts(_ cell: DriftCell, phone: Phone, seconds: Double? = nil) -> (time: Double, turning: Double) {
        let t = seconds ?? cell.walk.minutes * 60
        let c = cell.input == .attitudeYaw ? 1 : cos(cell.tiltDegrees * .pi / 180)
        let (net, total) = DriftReport.rotation(cell.walk)
        let bias = phone.biasDegPerSec * t
        let radians = DriftDecomposition.inRunVariance(cell.profile, seconds: t)
        let turning = phone.scaleFactor * c * net + phone.asymmetry / 2 * c * total + (c - 1) * net
        return (bias * bias + radians * DriftDecomposition.degrees * DriftDecomposition.degrees, turning * turning)
    }

    /// Time's share of `cell`'s mean square for `phone`.
    package static func timeShare(_ cell: DriftCell, phone: Phone) -> Double {
        let p = parts(cell, phone: phone)
        return p.time + p.turning > 0 ? p.time / (p.time + p.turning) : 1
    }

    /// Where time overtakes turning for `cell`'s walk between `minimumSeconds` and `maximumSeconds`, by bisection.
    package static func crossover(
        _ cell: DriftCell, phone: Phone, minimumSeconds: Double, maximumSeconds: Double
    ) -> DriftDecomposition.Crossover.Status {
        func gap(_ seconds: Double) -> Double {
            let p = parts(cell, phone: phone, seconds: seconds)
            return p.time - p.turning
        }
        if gap(minimumSeconds) >= 0 { return .timeEverywhere }
        if gap(maximumSeconds) < 0 { return .turningEverywhere }
        var low = minimumSeconds, high = maximumSeconds
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if gap(middle) < 0 { low = middle } else { high = middle }
        }
        let minutes = (low + high) / 120
        return .crosses(minutes: minutes, low: minutes, high: minutes)
    }

    /// The measured phone of a device profile (an unmeasured term 0).
    package static func measuredPhone(_ p: GyroProfile) -> Phone {
        Phone(
            biasDegPerSec: p.measured("biasDegPerSec") ?? 0, scaleFactor: (p.measured("scaleFactorErrorPercent") ?? 0) / 100,
            asymmetry: (p.measured("scaleFactorAsymmetryPercent") ?? 0) / 100)
    }

    /// The closed-form answer for the cells of `scenario` on the device profile `profile`, with intervals over
    /// `draws` draws of the phone.
    package init(scenario: DriftScenario, profile: GyroProfile, draws: Int = defaultDraws) throws {
        self.profile = profile
        self.draws = draws
        let cells = scenario.cells.filter { $0.profile.name == profile.name && $0.walk.shape != .random }
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: scenario.seed, trialIndex: Self.streamIndex))
        func draw(_ field: String) -> Double {
            let z = stream.standardNormal()
            guard let m = profile.measurements[field], let value = m.value else { return 0 }
            return value + z * m.standardError
        }
        let phones = (0..<draws).map { _ in
            Phone(
                biasDegPerSec: draw("biasDegPerSec"), scaleFactor: draw("scaleFactorErrorPercent") / 100,
                asymmetry: draw("scaleFactorAsymmetryPercent") / 100)
        }
        func central(_ values: [Double]) throws -> ConfidenceInterval {
            let sorted = values.sorted()
            return ConfidenceInterval(
                low: try Descriptive.quantile(sorted: sorted, probability: 0.025),
                high: try Descriptive.quantile(sorted: sorted, probability: 0.975))
        }
        let measured = Self.measuredPhone(profile)
        shares = try cells.filter { $0.walk.turns > 0 }.map { cell in
            Share(
                cell: cell, timeShare: Self.timeShare(cell, phone: measured),
                interval: try central(phones.map { Self.timeShare(cell, phone: $0) }))
        }
        // Walks that differ only in duration, as the decomposition groups them.
        var order: [String] = []
        var groups: [String: [DriftCell]] = [:]
        for c in cells where c.walk.turns > 0 {
            let key = "\(c.input.rawValue)|\(c.tiltDegrees)|\(c.walk.shape.rawValue)|\(c.walk.turns)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(c)
        }
        crossovers = try order.compactMap { key in
            guard let members = groups[key], let first = members.min(by: { $0.walk.minutes < $1.walk.minutes }),
                let longest = members.map(\.walk.minutes).max()
            else { return nil }
            let low = first.walk.minutes * 60, high = longest * 60
            func minutes(_ status: DriftDecomposition.Crossover.Status) -> Double {
                switch status {
                case .timeEverywhere: return first.walk.minutes
                case .turningEverywhere: return longest
                case .crosses(let m, _, _): return m
                // Not made here: a device's answer is in closed form, every term present.
                case .turningNotIdentified(let m): return min(m, longest)
                }
            }
            let drawn = phones.map { minutes(Self.crossover(first, phone: $0, minimumSeconds: low, maximumSeconds: high)) }
            return Crossover(
                representative: first, minimumMinutes: first.walk.minutes, maximumMinutes: longest,
                status: Self.crossover(first, phone: measured, minimumSeconds: low, maximumSeconds: high),
                interval: try central(drawn))
        }
    }
}
