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
/// The measured values are uncertain (b̂, ŝ, â each N(true, SE²), independent: the bias from a still record, scale
/// factor and asymmetry from a spin, whose s and a are uncorrelated for spins of equal span; an unmeasured term is
/// 0, as the study simulates it). A cell's answer depends on the phone only through |b| and |u|, u = s·c·θ_net +
/// (a/2)·c·θ_total + (c − 1)·θ_net (linear in s and a, SE_u = √((c·θ_net·SE_s)² + (c·θ_total·SE_a/2)²)): time's share
/// rises with |b| and falls with |u|, the crossover falls with |b| and rises with |u|. So the interval is the
/// projection of two independent intervals at level √0.95 each, b̂ ± z·SE_b and û ± z·SE_u (z = Φ⁻¹(1 − (1 − √0.95)/2)
/// ≈ 2.236), taken to |b| and |u| (0 when the interval holds 0) and through the monotone answer: it holds the true
/// phone's answer whenever both hold its b and u, so with probability at least 0.95 whatever the phone
/// (``projectedShareInterval(_:measured:errors:)``). The central 95% of the answer over ``draws`` draws of (b, s, a)
/// from N(value, SE²) (``Share/drawsInterval``, what the summary stated before 2026-12-05) is kept beside it: it
/// excludes the answer at b = 0 or u = 0 (a share's extreme) whatever the data, and `dev device-coverage` measured it
/// short where |b| or |u| is within a few SE of 0 (docs/recordings.md). The draws come from one stream seeded from
/// (scenario seed, ``streamIndex``), an index no trial, bootstrap replicate or shared device uses. Random-shape walks
/// (whose rotation varies walk to walk) are left out.
package struct DeviceAnswer: Sendable {
    /// Time's share of one cell's mean square at the measured values, and its central 95% over the draws.
    package struct Share: Sendable {
        package let cell: DriftCell
        package let timeShare: Double
        /// The projected interval (at least 95%).
        package let interval: ConfidenceInterval
        /// The central 95% over the draws.
        package let drawsInterval: ConfidenceInterval
    }

    /// Where time overtakes turning for walks that differ only in duration.
    package struct Crossover: Sendable {
        /// A cell of the group (the shortest).
        package let representative: DriftCell
        package let minimumMinutes: Double
        package let maximumMinutes: Double
        /// At the measured values.
        package let status: DriftDecomposition.Crossover.Status
        /// The projected interval, minutes (at least 95%), a phone where time dominates throughout counted at the
        /// grid's shortest duration and one where turning does at its longest.
        package let interval: ConfidenceInterval
        /// The central 95% of the draws' crossover, minutes, counted the same way.
        package let drawsInterval: ConfidenceInterval
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

    /// The standard errors of a phone's measured b (°/s), s and a (fractions); 0 for an unmeasured term.
    package struct Errors: Sendable {
        package let biasDegPerSec: Double
        package let scaleFactor: Double
        package let asymmetry: Double

        package init(biasDegPerSec: Double, scaleFactor: Double, asymmetry: Double) {
            self.biasDegPerSec = biasDegPerSec
            self.scaleFactor = scaleFactor
            self.asymmetry = asymmetry
        }

        /// A device profile's standard errors (percent fields as fractions).
        package init(_ p: GyroProfile) {
            func se(_ field: String) -> Double { p.measurements[field].flatMap { $0.value == nil ? nil : $0.standardError } ?? 0 }
            self.init(
                biasDegPerSec: se("biasDegPerSec"), scaleFactor: se("scaleFactorErrorPercent") / 100,
                asymmetry: se("scaleFactorAsymmetryPercent") / 100)
        }
    }

    /// Time's and turning's parts (deg²) of `cell`'s mean square for `phone`, at `seconds` (default: the cell's).
    package static func parts(_ cell: DriftCell, phone: Phone, seconds: Double? = nil) -> (time: Double, turning: Double) {
        parts(cell, biasDegPerSec: phone.biasDegPerSec, turningDegrees: turning(cell, phone: phone), seconds: seconds)
    }

    /// The turning error u (°) of `cell`'s walk: s·c·θ_net + (a/2)·c·θ_total + (c − 1)·θ_net.
    package static func turning(_ cell: DriftCell, phone: Phone) -> Double {
        let c = cell.input == .attitudeYaw ? 1 : cos(cell.tiltDegrees * .pi / 180)
        let (net, total) = DriftReport.rotation(cell.walk)
        return phone.scaleFactor * c * net + phone.asymmetry / 2 * c * total + (c - 1) * net
    }

    /// u's standard error (°) for a phone measured with `errors`: √((c·θ_net·SE_s)² + (c·θ_total·SE_a/2)²).
    package static func turningError(_ cell: DriftCell, errors: Errors) -> Double {
        let c = cell.input == .attitudeYaw ? 1 : cos(cell.tiltDegrees * .pi / 180)
        let (net, total) = DriftReport.rotation(cell.walk)
        let s = c * net * errors.scaleFactor
        let a = c * total * errors.asymmetry / 2
        return (s * s + a * a).squareRoot()
    }

    /// Time's part (b·T)² + v(T) and turning's u² (deg²) at `seconds` (default: the cell's).
    static func parts(_ cell: DriftCell, biasDegPerSec: Double, turningDegrees: Double, seconds: Double? = nil)
        -> (time: Double, turning: Double)
    {
        let t = seconds ?? cell.walk.minutes * 60
        let bias = biasDegPerSec * t
        let radians = DriftDecomposition.inRunVariance(cell.profile, seconds: t)
        return (
            bias * bias + radians * DriftDecomposition.degrees * DriftDecomposition.degrees, turningDegrees * turningDegrees
        )
    }

    /// z of the projection: each of the two independent intervals at level √0.95, so both hold with probability 0.95.
    package static func projectionQuantile() throws -> Double { try Normal.quantile(1 - (1 - 0.95.squareRoot()) / 2) }

    /// The range of |x| over x̂ ± z·SE: from 0 when the interval holds 0.
    static func sizeRange(_ estimate: Double, _ standardError: Double, z: Double) -> (low: Double, high: Double) {
        let low = estimate - z * standardError, high = estimate + z * standardError
        let largest = max(abs(low), abs(high))
        return (low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high)), largest)
    }

    /// Time's share of `cell` for a phone measured as `measured` with `errors`, projected: [share(|b| low, |u| high),
    /// share(|b| high, |u| low)] over b̂ ± z·SE_b and û ± z·SE_u (type doc).
    package static func projectedShareInterval(_ cell: DriftCell, measured: Phone, errors: Errors) throws -> ConfidenceInterval {
        let z = try projectionQuantile()
        let b = sizeRange(measured.biasDegPerSec, errors.biasDegPerSec, z: z)
        let u = sizeRange(turning(cell, phone: measured), turningError(cell, errors: errors), z: z)
        func share(_ bias: Double, _ turning: Double) -> Double {
            let p = parts(cell, biasDegPerSec: bias, turningDegrees: turning)
            return p.time + p.turning > 0 ? p.time / (p.time + p.turning) : 1
        }
        return ConfidenceInterval(low: share(b.low, u.high), high: share(b.high, u.low))
    }

    /// Where time overtakes turning for `cell`'s walk, projected (type doc), minutes, counted at `minimumSeconds` when
    /// time dominates throughout and at `maximumSeconds` when turning does.
    package static func projectedCrossoverInterval(
        _ cell: DriftCell, measured: Phone, errors: Errors, minimumSeconds: Double, maximumSeconds: Double
    ) throws -> ConfidenceInterval {
        let z = try projectionQuantile()
        let b = sizeRange(measured.biasDegPerSec, errors.biasDegPerSec, z: z)
        let u = sizeRange(turning(cell, phone: measured), turningError(cell, errors: errors), z: z)
        func minutes(_ bias: Double, _ turning: Double) -> Double {
            let status = crossover(
                cell, biasDegPerSec: bias, turningDegrees: turning, minimumSeconds: minimumSeconds, maximumSeconds: maximumSeconds)
            return crossoverMinutes(status, minimumSeconds: minimumSeconds, maximumSeconds: maximumSeconds)
        }
        return ConfidenceInterval(low: minutes(b.high, u.low), high: minutes(b.low, u.high))
    }

    /// A crossover status as minutes: the shortest duration when time dominates throughout, the longest when turning
    /// does.
    package static func crossoverMinutes(
        _ status: DriftDecomposition.Crossover.Status, minimumSeconds: Double, maximumSeconds: Double
    ) -> Double {
        switch status {
        case .timeEverywhere: return minimumSeconds / 60
        case .turningEverywhere: return maximumSeconds / 60
        case .crosses(let m, _, _): return m
        // Not made here: a device's answer is in closed form, every term present.
        case .turningNotIdentified(let m): return min(m, maximumSeconds / 60)
        }
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
        crossover(
            cell, biasDegPerSec: phone.biasDegPerSec, turningDegrees: turning(cell, phone: phone), minimumSeconds: minimumSeconds,
            maximumSeconds: maximumSeconds)
    }

    /// The same for a bias b (°/s) and turning error u (°).
    static func crossover(
        _ cell: DriftCell, biasDegPerSec: Double, turningDegrees: Double, minimumSeconds: Double, maximumSeconds: Double
    ) -> DriftDecomposition.Crossover.Status {
        func gap(_ seconds: Double) -> Double {
            let p = parts(cell, biasDegPerSec: biasDegPerSec, turningDegrees: turningDegrees, seconds: seconds)
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
        let errors = Errors(profile)
        shares = try cells.filter { $0.walk.turns > 0 }.map { cell in
            Share(
                cell: cell, timeShare: Self.timeShare(cell, phone: measured),
                interval: try Self.projectedShareInterval(cell, measured: measured, errors: errors),
                drawsInterval: try central(phones.map { Self.timeShare(cell, phone: $0) }))
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
            let drawn = phones.map {
                Self.crossoverMinutes(
                    Self.crossover(first, phone: $0, minimumSeconds: low, maximumSeconds: high), minimumSeconds: low,
                    maximumSeconds: high)
            }
            return Crossover(
                representative: first, minimumMinutes: first.walk.minutes, maximumMinutes: longest,
                status: Self.crossover(first, phone: measured, minimumSeconds: low, maximumSeconds: high),
                interval: try Self.projectedCrossoverInterval(
                    first, measured: measured, errors: errors, minimumSeconds: low, maximumSeconds: high),
                drawsInterval: try central(drawn))
        }
    }
}
