import SensorShims

// docs/detectors.md shows this file from the line after the marker below; a team pastes it with `import SwiftUI`.
// paste-from-here
/// Says when the finger scribbled: within the last `windowSeconds`, it turned back `requiredReversals` times on one
/// axis (x or y), each turn after at least `minimumTravelPoints` of travel the other way, and the path drawn in that
/// window is at least `pathToDiagonalRatio` times the diagonal of the box the window's points cover. Then nothing
/// counts for `cooldownSeconds`, and with `firesOncePerGesture` nothing more fires until the finger lifts; otherwise the
/// evidence restarts from this point. The defaults, 6 reversals of 60 pt and a ratio of 4 in 1.5 s, are a setting of
/// the shipped scribble sweep. Call `handle` from the drag gesture's `onChanged` and `touchEnded` from its `onEnded`.
final class ScribbleScratch {
    let requiredReversals: Int
    let minimumTravelPoints: Double
    let pathToDiagonalRatio: Double
    let windowSeconds: Double
    let cooldownSeconds: Double
    let firesOncePerGesture: Bool

    /// One coordinate's turns, with a dead band of `minimumTravelPoints` so that jitter never counts.
    private struct Axis {
        var started = false
        /// +1 increasing, −1 decreasing, 0 not yet known.
        var direction = 0
        var extreme = 0.0
        var lowest = 0.0
        var highest = 0.0
        var reversalTimes: [TimeInterval] = []

        mutating func follow(_ value: Double, at t: TimeInterval, travel: Double, keep: Int, records: Bool) {
            guard started else {
                started = true
                lowest = value
                highest = value
                return
            }
            var turned = false
            if direction == 0 {
                lowest = min(lowest, value)
                highest = max(highest, value)
                if value - lowest >= travel {
                    direction = 1
                    extreme = value
                } else if highest - value >= travel {
                    direction = -1
                    extreme = value
                }
            } else if direction == 1 {
                if value > extreme {
                    extreme = value
                } else if extreme - value >= travel {
                    direction = -1
                    extreme = value
                    turned = true
                }
            } else if value < extreme {
                extreme = value
            } else if value - extreme >= travel {
                direction = 1
                extreme = value
                turned = true
            }
            guard turned, records else { return }
            if reversalTimes.count == keep { reversalTimes.removeFirst() }
            reversalTimes.append(t)
        }

        /// The last `keep` turns all lie within `seconds` before `t` (1 ns of slack for rounding).
        func hasTurns(_ keep: Int, at t: TimeInterval, within seconds: Double) -> Bool {
            reversalTimes.count == keep && t - reversalTimes[0] <= seconds + 1e-9
        }
    }

    private var xAxis = Axis()
    private var yAxis = Axis()
    /// The points of the last `windowSeconds`, with the path drawn since the finger went down up to each.
    private var window: [(time: TimeInterval, x: Double, y: Double, path: Double)] = []
    private var path = 0.0
    private var previous: CGPoint?
    private var firedThisGesture = false
    private var quietUntil: TimeInterval = -.infinity

    init(
        requiredReversals: Int = 6, minimumTravelPoints: Double = 60, pathToDiagonalRatio: Double = 4,
        windowSeconds: Double = 1.5, cooldownSeconds: Double = 0, firesOncePerGesture: Bool = true
    ) {
        self.requiredReversals = requiredReversals
        self.minimumTravelPoints = minimumTravelPoints
        self.pathToDiagonalRatio = pathToDiagonalRatio
        self.windowSeconds = windowSeconds
        self.cooldownSeconds = cooldownSeconds
        self.firesOncePerGesture = firesOncePerGesture
    }

    /// Call from `DragGesture(minimumDistance: 0).onChanged`; true when a scribble is recognised.
    func handle(_ value: DragGesture.Value) -> Bool {
        let t = value.time.timeIntervalSinceReferenceDate
        let p = value.location
        if let q = previous {
            let dx = p.x - q.x, dy = p.y - q.y
            path += (dx * dx + dy * dy).squareRoot()
        }
        previous = p
        let cutoff = t - windowSeconds - 1e-9
        window.append((t, p.x, p.y, path))
        window.removeAll { $0.time < cutoff }
        let counts = !(firesOncePerGesture && firedThisGesture) && t >= quietUntil
        xAxis.follow(p.x, at: t, travel: minimumTravelPoints, keep: requiredReversals, records: counts)
        yAxis.follow(p.y, at: t, travel: minimumTravelPoints, keep: requiredReversals, records: counts)
        guard counts else { return false }
        guard
            xAxis.hasTurns(requiredReversals, at: t, within: windowSeconds)
                || yAxis.hasTurns(requiredReversals, at: t, within: windowSeconds)
        else { return false }
        let xs = window.map(\.x), ys = window.map(\.y)
        let width = xs.max()! - xs.min()!, height = ys.max()! - ys.min()!
        let diagonal = (width * width + height * height).squareRoot()
        guard path - window[0].path >= pathToDiagonalRatio * diagonal else { return false }
        // Fired: the turns, path and box start again from this point.
        xAxis.reversalTimes.removeAll()
        yAxis.reversalTimes.removeAll()
        window = [(t, p.x, p.y, path)]
        firedThisGesture = true
        quietUntil = t + cooldownSeconds
        return true
    }

    /// Call from the drag gesture's `onEnded`: the next point starts a new gesture.
    func touchEnded() {
        xAxis = Axis()
        yAxis = Axis()
        window.removeAll()
        path = 0
        previous = nil
        firedThisGesture = false
    }
}
