import Foundation
import Stats

/// Draws touch timelines: gestures chosen by weight, separated by finger-up pauses, until the duration is full.
///
/// Shapes (τ from the gesture's first point, T its duration, a random direction d and its normal n, a random
/// centre on a 390 × 844 pt screen):
/// - scribble: centre + (L/2)·sin(π·r·τ)·d + D·(τ/T − ½)·n, strokes of length L at r strokes a second (one
///   reversal per stroke), T = strokes / r, slowly drifting by D;
/// - tap: the centre plus Gaussian jitter of σ pt per point;
/// - swipe: a straight stroke of length L along d with the smoothstep profile 3s² − 2s³ (s = τ/T);
/// - scroll: a vertical stroke of length L (smoothstep) with a sideways wobble w·sin(2πτ/T);
/// - circle: one loop of radius R, starting at a random angle;
/// - signature: x advancing W·τ/T, y = h·sin(2π·ℓ·τ) (letter loops at ℓ a second) plus ¼h·sin(2π·2.3ℓ·τ).
/// Points come every 1/rate s, plus one at the gesture's end when that is not on the grid.
package enum TouchTimelineGenerator {
    package static func generate(_ p: TouchTimelineParameters, stream: RandomStream) -> TouchTimeline {
        var x: [Double] = [], y: [Double] = [], t: [Double] = []
        var gestures: [TouchGesture] = []
        var now = p.idleSeconds.draw(stream)
        let dt = 1 / p.touchRateHz
        while true {
            let kind = pick(p.weights, stream)
            let (duration, parameters, shape) = draw(kind, p.ranges, stream)
            guard now + duration <= p.durationSeconds else { break }
            // Points at 0, Δt, 2Δt, … and, unless it falls on that grid, one more at the gesture's end.
            let whole = Int((duration / dt).rounded(.down))
            let count = whole + 1 + (duration - Double(whole) * dt > 1e-9 ? 1 : 0)
            let first = x.count
            for i in 0..<count {
                let tau = i > whole ? duration : Double(i) * dt
                let point = shape(tau, stream)
                x.append(point.0)
                y.append(point.1)
                t.append(now + tau)
            }
            gestures.append(
                TouchGesture(
                    kind: kind, firstPoint: first, pointCount: count, startSeconds: now,
                    endSeconds: now + duration, parameters: parameters))
            now += duration + p.idleSeconds.draw(stream)
        }
        return TouchTimeline(durationSeconds: p.durationSeconds, x: x, y: y, t: t, gestures: gestures)
    }

    /// A kind chosen with probability proportional to its weight (`tap` when all are 0).
    static func pick(_ weights: [TouchGestureKind: Double], _ stream: RandomStream) -> TouchGestureKind {
        let total = TouchGestureKind.allCases.reduce(0) { $0 + (weights[$1] ?? 0) }
        let u = stream.uniform() * total
        var cumulative = 0.0
        for kind in TouchGestureKind.allCases where (weights[kind] ?? 0) > 0 {
            cumulative += weights[kind] ?? 0
            if u < cumulative { return kind }
        }
        return TouchGestureKind.allCases.last { (weights[$0] ?? 0) > 0 } ?? .tap
    }

    typealias Shape = (Double, RandomStream) -> (Double, Double)

    /// Draws a gesture: its duration, its parameters, and its path as a function of τ.
    static func draw(
        _ kind: TouchGestureKind, _ r: TouchRanges,
        _ stream: RandomStream
    ) -> (Double, [String: Double], Shape) {
        let cx = stream.uniform(60, 330), cy = stream.uniform(100, 744)
        let angle = stream.uniform(0, 2 * .pi)
        let (dx, dy) = (cos(angle), sin(angle))
        func smooth(_ s: Double) -> Double { s * s * (3 - 2 * s) }
        switch kind {
        case .scribble:
            let length = r.scribbleStrokePoints.draw(stream), rate = r.scribbleStrokesPerSecond.draw(stream)
            let strokes = r.scribbleStrokes.draw(stream).rounded(), drift = r.scribbleDriftPoints.draw(stream)
            let duration = strokes / rate
            return (
                duration, ["strokePoints": length, "strokesPerSecond": rate, "strokes": strokes, "driftPoints": drift],
                { tau, _ in
                    let along = length / 2 * sin(.pi * rate * tau), across = drift * (tau / duration - 0.5)
                    return (cx + along * dx - across * dy, cy + along * dy + across * dx)
                }
            )
        case .tap:
            let duration = r.tapSeconds.draw(stream), jitter = r.tapJitterPoints.draw(stream)
            return (
                duration, ["seconds": duration, "jitterPoints": jitter],
                { _, s in
                    (cx + s.gaussian(sigma: jitter), cy + s.gaussian(sigma: jitter))
                }
            )
        case .swipe:
            let length = r.swipePoints.draw(stream), duration = r.swipeSeconds.draw(stream)
            return (
                duration, ["points": length, "seconds": duration],
                { tau, _ in
                    let s = length * smooth(tau / duration)
                    return (cx + s * dx, cy + s * dy)
                }
            )
        case .scroll:
            let length = r.scrollPoints.draw(stream), duration = r.scrollSeconds.draw(stream)
            let wobble = r.scrollWobblePoints.draw(stream)
            let sign = dy < 0 ? -1.0 : 1.0
            return (
                duration, ["points": length, "seconds": duration, "wobblePoints": wobble],
                { tau, _ in
                    (cx + wobble * sin(2 * .pi * tau / duration), cy + sign * length * smooth(tau / duration))
                }
            )
        case .circle:
            let radius = r.circleRadiusPoints.draw(stream), duration = r.circleSeconds.draw(stream)
            return (
                duration, ["radiusPoints": radius, "seconds": duration],
                { tau, _ in
                    let phi = angle + 2 * .pi * tau / duration
                    return (cx + radius * cos(phi), cy + radius * sin(phi))
                }
            )
        case .signature:
            let width = r.signatureWidthPoints.draw(stream), duration = r.signatureSeconds.draw(stream)
            let letter = r.signatureLetterPoints.draw(stream), rate = r.signatureLettersPerSecond.draw(stream)
            let left = min(cx, 390 - width)
            return (
                duration, ["widthPoints": width, "seconds": duration, "letterPoints": letter, "lettersPerSecond": rate],
                { tau, _ in
                    (
                        left + width * tau / duration,
                        cy + letter * sin(2 * .pi * rate * tau) + 0.25 * letter * sin(2 * .pi * 2.3 * rate * tau)
                    )
                }
            )
        }
    }
}
