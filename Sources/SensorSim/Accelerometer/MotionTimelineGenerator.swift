import Foundation
import Stats

/// Draws motion timelines: everyday activities in random order with deliberate shakes inserted.
///
/// Order of work (and of random draws, so a seed always gives the same timeline):
/// 1. The number of shakes (fixed, or Poisson with mean rate × minutes, capped at
///    ``MotionTimelineParameters/maximumShakesThatFit``), their durations, then their places: with n shakes of
///    total length Σd and gap g, the free time F = T − Σd − (n + 1)·g is split by n sorted uniform draws
///    u₍₁₎ ≤ … ≤ u₍ₙ₎ in [0, F), and shake i starts at (i + 1)·g + Σⱼ₍ⱼ₎₍<ᵢ₎ dⱼ + u₍ᵢ₎. Every gap is then at
///    least g, exactly, with no rejection loop.
/// 2. In time order, each stretch between shakes is filled with everyday segments (activity chosen by weight,
///    length drawn from its range, the last one cut at the next shake), and each shake is written.
/// 3. The sensor: Gaussian white noise per axis, then clipping to ±range.
///
/// Signals (u is a random unit axis per segment, v a random axis perpendicular to it):
/// - shake: P·w(τ)·sin(2πfτ)·u + c·P·w(τ)·cos(2πfτ)·v, with the raised-cosine envelope w rising over the ramp r
///   as ½(1 − cos(πτ/r)), 1 in between, and falling symmetrically: its magnitude never exceeds P.
/// - walking (in hand): A·sin(2πcτ + φ)·u + ¼A·sin(πcτ + ψ)·v (bounce at the step cadence c, sway at the stride
///   frequency c/2).
/// - pocket walk, stairs up and down, running: a swing and at every step a train of sharp spikes on changing axes
///   (``writeGait(_:_:_:start:end:fs:_:_:)``).
/// - pick-up: P·sin(2πτ/D)·u for one cycle (accelerate, then decelerate to rest).
/// - put-down: −P·sin(2πτ/L)·u for one cycle, then a half-sine contact spike of height S and width w along u,
///   then rest.
/// - tapping: half-sine pulses of height p and width w along −z (into the screen), at intervals uniform in
///   [0.5/r, 1.5/r].
/// - vehicle: a·sin(2πfτ + φ)·u plus Poisson(b·len/60) bumps, each one sine cycle P·sin(2π(τ − t₀)/D)·u.
/// - still: nothing (sensor noise only).
///
/// Smooth components are sampled at the sample instants (their frequencies, at most a few tens of Hz, lie
/// below the sensor's bandwidth). Pulses, which can be shorter than one sample period, are averaged over each
/// sample period [tₖ − Δt, tₖ] in closed form (as the sensor's anti-alias filter and decimation would), so a
/// 10 ms spike at 100 Hz is neither lost between two samples nor reported at its full height.
package enum MotionTimelineGenerator {
    // MARK: - Generation

    /// Generates one timeline.
    ///
    /// - Parameters:
    ///   - p: the timeline's description (validated by the caller: positive duration and rate, weights ≥ 0).
    ///   - stream: the trial's random stream.
    /// - Returns: the samples and their labels.
    package static func generate(_ p: MotionTimelineParameters, stream: RandomStream) -> MotionTimeline {
        let fs = p.sensor.sampleRateHz
        let n = max(1, Int((p.durationSeconds * fs).rounded()))
        var buffers = Buffers(count: n)
        var segments: [MotionSegment] = []

        // 1. Shake places.
        var count: Int
        switch p.shakes {
        case .count(let c): count = c
        case .perMinute(let rate): count = stream.poisson(mean: rate * p.durationSeconds / 60)
        }
        count = max(0, min(count, p.maximumShakesThatFit))
        let durations = (0..<count).map { _ in p.ranges.shakeDurationSeconds.draw(stream) }
        let free = max(0, p.durationSeconds - durations.reduce(0, +) - Double(count + 1) * p.minimumGapSeconds)
        let offsets = (0..<count).map { _ in stream.uniform() * free }.sorted()
        var shakeSpans: [(start: Int, count: Int, duration: Double)] = []
        var elapsed = 0.0
        var previousEnd = 0
        for i in 0..<count {
            let start = Double(i + 1) * p.minimumGapSeconds + elapsed + offsets[i]
            elapsed += durations[i]
            let first = min(max(previousEnd, Int((start * fs).rounded())), n - 1)
            let length = max(1, min(Int((durations[i] * fs).rounded()), n - first))
            shakeSpans.append((first, length, durations[i]))
            previousEnd = first + length
        }

        // 2. Everyday stretches and shakes, in time order.
        var cursor = 0
        for span in shakeSpans {
            fillEveryday(from: cursor, to: span.start, p, stream, &buffers, &segments)
            let parameters = writeShake(
                start: span.start, count: span.count, duration: span.duration, p, stream,
                &buffers)
            segments.append(
                MotionSegment(
                    activity: .shake, startSample: span.start, sampleCount: span.count,
                    parameters: parameters))
            cursor = span.start + span.count
        }
        fillEveryday(from: cursor, to: n, p, stream, &buffers, &segments)

        // 3. Sensor noise and clipping.
        let sigma = p.sensor.noiseRmsG
        let range = p.sensor.rangeG
        for k in 0..<n {
            var ax = Double(buffers.x[k]), ay = Double(buffers.y[k]), az = Double(buffers.z[k])
            if sigma > 0 {
                ax += stream.gaussian(sigma: sigma)
                ay += stream.gaussian(sigma: sigma)
                az += stream.gaussian(sigma: sigma)
            }
            buffers.x[k] = Float(min(max(ax, -range), range))
            buffers.y[k] = Float(min(max(ay, -range), range))
            buffers.z[k] = Float(min(max(az, -range), range))
        }
        return MotionTimeline(sensor: p.sensor, x: buffers.x, y: buffers.y, z: buffers.z, segments: segments)
    }

    // MARK: - Everyday segments

    /// Fills samples [from, to) with everyday segments.
    static func fillEveryday(
        from: Int, to: Int, _ p: MotionTimelineParameters, _ stream: RandomStream,
        _ b: inout Buffers, _ segments: inout [MotionSegment]
    ) {
        let fs = p.sensor.sampleRateHz
        var cursor = from
        while cursor < to {
            let activity = pick(p.weights, stream)
            let (lengthSeconds, drawn) = draw(activity, p.ranges, stream)
            let length = max(1, min(Int((lengthSeconds * fs).rounded()), to - cursor))
            var parameters = drawn
            write(activity, &parameters, start: cursor, count: length, fs: fs, stream, &b)
            segments.append(
                MotionSegment(
                    activity: activity, startSample: cursor, sampleCount: length,
                    parameters: parameters))
            cursor += length
        }
    }

    /// An everyday activity chosen with probability proportional to its weight (`still` when all are 0).
    static func pick(_ weights: [MotionActivity: Double], _ stream: RandomStream) -> MotionActivity {
        let total = MotionActivity.everyday.reduce(0) { $0 + (weights[$1] ?? 0) }
        let u = stream.uniform() * total
        guard total > 0 else { return .still }
        var cumulative = 0.0
        for activity in MotionActivity.everyday {
            let w = weights[activity] ?? 0
            guard w > 0 else { continue }
            cumulative += w
            if u < cumulative { return activity }
        }
        return MotionActivity.everyday.last { (weights[$0] ?? 0) > 0 } ?? .still
    }

    /// Draws an everyday segment's parameters; returns its natural length in seconds and the draws.
    static func draw(_ a: MotionActivity, _ r: MotionRanges, _ stream: RandomStream) -> (Double, [String: Double]) {
        var d: [String: Double] = [:]
        for field in MotionRanges.fields where field.activity == a {
            d[field.name] = r[keyPath: field.keyPath].draw(stream)
        }
        switch a {
        case .pickUp: return (d["durationSeconds"] ?? 1, d)
        case .putDown:
            return ((d["lowerSeconds"] ?? 0) + (d["spikeSeconds"] ?? 0) + (d["restSeconds"] ?? 0), d)
        default: return (d["segmentSeconds"] ?? 10, d)
        }
    }

    /// Writes an everyday segment's signal into samples [start, start + count).
    static func write(
        _ a: MotionActivity, _ d: inout [String: Double], start: Int, count: Int, fs: Double,
        _ stream: RandomStream, _ b: inout Buffers
    ) {
        let (u, v) = axes(stream)
        let t0 = Double(start) / fs
        let end = start + count
        let lengthSeconds = Double(count) / fs
        switch a {
        case .shake, .still:
            break
        case .walking:
            let c = d["cadenceHz"] ?? 2, amplitude = d["amplitudeG"] ?? 0
            let phase = stream.uniform(0, 2 * .pi), swayPhase = stream.uniform(0, 2 * .pi)
            for k in start..<end {
                let tau = Double(k) / fs - t0
                b.add(k, u, amplitude * sin(2 * .pi * c * tau + phase))
                b.add(k, v, 0.25 * amplitude * sin(.pi * c * tau + swayPhase))
            }
        case .pocketWalk, .running, .stairsUp, .stairsDown:
            writeGait(d, u, v, start: start, end: end, fs: fs, stream, &b)
        case .pickUp:
            let duration = d["durationSeconds"] ?? 1, peak = d["peakG"] ?? 0
            for k in start..<end {
                let tau = Double(k) / fs - t0
                if tau < duration { b.add(k, u, peak * sin(2 * .pi * tau / duration)) }
            }
        case .putDown:
            let lower = d["lowerSeconds"] ?? 0.5, peak = d["lowerPeakG"] ?? 0
            for k in start..<end {
                let tau = Double(k) / fs - t0
                if tau < lower { b.add(k, u, -peak * sin(2 * .pi * tau / lower)) }
            }
            b.addPulse(
                atSeconds: t0 + lower, width: d["spikeSeconds"] ?? 0.02, height: d["spikeG"] ?? 0,
                direction: u, fs: fs, within: start..<end)
        case .tapping:
            let rate = d["rateHz"] ?? 2, peak = d["peakG"] ?? 0, width = d["tapSeconds"] ?? 0.01
            var tau = stream.uniform(0, 1 / rate)
            var taps = 0
            while tau < lengthSeconds {
                b.addPulse(
                    atSeconds: t0 + tau, width: width, height: peak, direction: (0, 0, -1), fs: fs,
                    within: start..<end)
                taps += 1
                tau += stream.uniform(0.5, 1.5) / rate
            }
            d["taps"] = Double(taps)
        case .vehicle:
            let f = d["vibrationHz"] ?? 10, amplitude = d["vibrationG"] ?? 0
            let phase = stream.uniform(0, 2 * .pi)
            for k in start..<end {
                let tau = Double(k) / fs - t0
                b.add(k, u, amplitude * sin(2 * .pi * f * tau + phase))
            }
            let bumpSeconds = d["bumpSeconds"] ?? 0.2, bumpG = d["bumpG"] ?? 0
            let bumps = stream.poisson(mean: (d["bumpsPerMinute"] ?? 0) * lengthSeconds / 60)
            d["bumps"] = Double(bumps)
            for _ in 0..<bumps {
                let onset = stream.uniform(0, max(0, lengthSeconds - bumpSeconds))
                let first = start + Int((onset * fs).rounded(.up))
                for k in first..<end {
                    let tau = Double(k) / fs - t0 - onset
                    guard tau < bumpSeconds else { break }
                    b.add(k, u, bumpG * sin(2 * .pi * tau / bumpSeconds))
                }
            }
        }
    }

    /// Writes a gait segment (pocket walk, stairs, running) into [start, end): the smooth swing, then the spike
    /// trains of every step.
    ///
    /// Swing: A·sin(πcτ + φ)·u + ½A·sin(2πcτ + ψ)·v (the thigh at the stride frequency c/2, the bounce at the step
    /// cadence c). Steps at τⱼ = τ₀ + j/c, τ₀ uniform in [0, 1/c); step j carries ⌊m + U⌋ spikes (mean m), the i-th
    /// at τⱼ + i·s, each a half-sine of width w and height h = I·U(½, 1)·(j odd ? f : 1) along its own uniformly
    /// random axis, or (i > 0, with probability r) straight back against the spike before it: the phone's
    /// orientation in the pocket changes through the step, the strike rebounds, and the far leg's strike (odd j)
    /// reaches the pocket weakened by f. MotionSense's pocket recordings show this: |a| spends each stride near
    /// ½–1 g with one or two clusters of one-to-two-sample spikes of 1.5–3 g, on axes that change from spike to spike.
    static func writeGait(
        _ d: [String: Double], _ u: Vector, _ v: Vector, start: Int, end: Int, fs: Double, _ stream: RandomStream,
        _ b: inout Buffers
    ) {
        let c = d["cadenceHz"] ?? 2, amplitude = d["amplitudeG"] ?? 0
        let impact = d["impactG"] ?? 0, width = d["impactSeconds"] ?? 0.04
        let peaks = d["peaksPerStep"] ?? 2, spacing = d["peakSpacingSeconds"] ?? 0.05
        let far = d["farStepFraction"] ?? 1, rebound = d["reboundFraction"] ?? 0
        let t0 = Double(start) / fs
        let lengthSeconds = Double(end - start) / fs
        let phase = stream.uniform(0, 2 * .pi), bouncePhase = stream.uniform(0, 2 * .pi)
        for k in start..<end {
            let tau = Double(k) / fs - t0
            b.add(k, u, amplitude * sin(.pi * c * tau + phase))
            b.add(k, v, 0.5 * amplitude * sin(2 * .pi * c * tau + bouncePhase))
        }
        var step = 0
        var tau = stream.uniform(0, 1 / c)
        while tau < lengthSeconds {
            let count = Int(peaks + stream.uniform())
            let scale = step % 2 == 0 ? 1 : far
            var previous: Vector = (0, 0, 1)
            for i in 0..<count {
                let height = impact * stream.uniform(0.5, 1) * scale
                let backwards = stream.uniform() < rebound
                let fresh = unitAxis(stream)
                let direction = i > 0 && backwards ? (-previous.0, -previous.1, -previous.2) : fresh
                previous = direction
                b.addPulse(
                    atSeconds: t0 + tau + Double(i) * spacing, width: width, height: height, direction: direction,
                    fs: fs, within: start..<end)
            }
            step += 1
            tau += 1 / c
        }
    }

    // MARK: - Shakes

    /// Draws a shake's parameters and writes it into [start, start + count); returns the draws.
    static func writeShake(
        start: Int, count: Int, duration: Double, _ p: MotionTimelineParameters,
        _ stream: RandomStream, _ b: inout Buffers
    ) -> [String: Double] {
        let r = p.ranges
        let f = r.shakeFrequencyHz.draw(stream)
        let peak = r.shakePeakG.draw(stream)
        let cross = r.shakeCrossAxisFraction.draw(stream)
        let ramp = r.shakeRampSeconds.draw(stream)
        let (u, v) = axes(stream)
        let fs = p.sensor.sampleRateHz
        let length = Double(count) / fs
        let rampUsed = min(ramp, length / 2)
        for i in 0..<count {
            let tau = Double(i) / fs
            let w = envelope(tau, length: length, ramp: rampUsed)
            b.add(start + i, u, peak * w * sin(2 * .pi * f * tau))
            b.add(start + i, v, cross * peak * w * cos(2 * .pi * f * tau))
        }
        return [
            "frequencyHz": f, "peakG": peak, "durationSeconds": duration, "crossAxisFraction": cross,
            "rampSeconds": ramp,
        ]
    }

    /// The raised-cosine envelope: ½(1 − cos(πτ/r)) over the first r seconds, 1 in the middle, mirrored at the end.
    static func envelope(_ tau: Double, length: Double, ramp: Double) -> Double {
        guard ramp > 0 else { return 1 }
        if tau < ramp { return 0.5 * (1 - cos(.pi * tau / ramp)) }
        if tau > length - ramp { return 0.5 * (1 - cos(.pi * max(0, length - tau) / ramp)) }
        return 1
    }

    // MARK: - Geometry

    typealias Vector = (Double, Double, Double)

    /// A uniformly random unit axis u (z uniform in [−1, 1], azimuth uniform: Archimedes' hat-box theorem) and a
    /// unit axis v ⟂ u at a uniformly random angle around it.
    static func axes(_ stream: RandomStream) -> (Vector, Vector) {
        let z = stream.uniform(-1, 1)
        let azimuth = stream.uniform(0, 2 * .pi)
        let s = (1 - z * z).squareRoot()
        let u = (s * cos(azimuth), s * sin(azimuth), z)
        // e: the coordinate axis least aligned with u; a = u × e normalised; b = u × a.
        let e: Vector =
            abs(u.0) <= abs(u.1) && abs(u.0) <= abs(u.2)
            ? (1, 0, 0)
            : (abs(u.1) <= abs(u.2) ? (0, 1, 0) : (0, 0, 1))
        var a = cross(u, e)
        let norm = (a.0 * a.0 + a.1 * a.1 + a.2 * a.2).squareRoot()
        a = (a.0 / norm, a.1 / norm, a.2 / norm)
        let c = cross(u, a)
        let angle = stream.uniform(0, 2 * .pi)
        let v = (
            cos(angle) * a.0 + sin(angle) * c.0, cos(angle) * a.1 + sin(angle) * c.1,
            cos(angle) * a.2 + sin(angle) * c.2
        )
        return (u, v)
    }

    /// A uniformly random unit axis (z uniform in [−1, 1], azimuth uniform: Archimedes' hat-box theorem).
    static func unitAxis(_ stream: RandomStream) -> Vector {
        let z = stream.uniform(-1, 1)
        let azimuth = stream.uniform(0, 2 * .pi)
        let s = (1 - z * z).squareRoot()
        return (s * cos(azimuth), s * sin(azimuth), z)
    }

    static func cross(_ a: Vector, _ b: Vector) -> Vector {
        (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
    }

    // MARK: - Buffers

    /// The three sample arrays being written.
    struct Buffers {
        var x: [Float]
        var y: [Float]
        var z: [Float]

        init(count: Int) {
            x = [Float](repeating: 0, count: count)
            y = x
            z = x
        }

        /// Adds `value` along `direction` to sample k.
        @inline(__always)
        mutating func add(_ k: Int, _ direction: Vector, _ value: Double) {
            x[k] += Float(value * direction.0)
            y[k] += Float(value * direction.1)
            z[k] += Float(value * direction.2)
        }

        /// Adds a half-sine pulse h·sin(π(t − t₀)/w) on [t₀, t₀ + w], averaged over each sample period.
        ///
        /// Sample k covers [tₖ − Δt, tₖ]; the pulse's integral over [a, b] ⊂ [t₀, t₀ + w] is
        /// (h·w/π)·(cos(π(a − t₀)/w) − cos(π(b − t₀)/w)), divided by Δt.
        mutating func addPulse(
            atSeconds t0: Double, width: Double, height: Double, direction: Vector, fs: Double,
            within range: Range<Int>
        ) {
            guard width > 0, height != 0 else { return }
            let dt = 1 / fs
            let first = max(range.lowerBound, Int((t0 * fs).rounded(.up)))
            let last = min(range.upperBound - 1, Int(((t0 + width) * fs).rounded(.up)))
            guard first <= last else { return }
            for k in first...last {
                let tk = Double(k) * dt
                let a = max(tk - dt, t0), b = min(tk, t0 + width)
                guard b > a else { continue }
                let integral = height * width / .pi * (cos(.pi * (a - t0) / width) - cos(.pi * (b - t0) / width))
                add(k, direction, integral / dt)
            }
        }
    }
}
