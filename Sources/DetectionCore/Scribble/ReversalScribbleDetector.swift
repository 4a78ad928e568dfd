// MARK: - scribble (reversals and path over a sliding window)

/// The scribble family's first kind (`"scribble"`): reversals on one axis within a sliding window, and a path at least
/// a multiple of the window's bounding-box diagonal.
///
/// At each point, over the sliding window of the last `windowSeconds`:
/// 1. Reversals: on x or on y (each axis counted separately by `ScribbleAxisTracker`, with legs of at least
///    `minimumTravelPoints`), the last `requiredReversals` reversals of that axis all lie in the window.
///    Counting per axis rather than summing makes a diagonal zigzag (x and y reversing together) count once
///    per turn, like a horizontal one.
/// 2. Tortuosity: the path length travelled within the window is at least `pathToDiagonalRatio` times the
///    diagonal of the window's bounding box, √(width² + height²). A back-and-forth scribble re-covers its own
///    box many times; a swipe, a scroll or a single loop does not.
/// When both hold, an event fires. With `firesOncePerGesture` nothing more fires until `touchEnded()`;
/// otherwise the reversals, path and box restart from this point and a continuing scribble fires again.
///
/// Circles, the documented decision: one loop is a deliberate shape (a lasso, an "O") and does not fire: it
/// has at most 2 reversals per axis and a path/diagonal ratio of π/√2 ≈ 2.22, so it fails both tests at the
/// defaults. Two or more loops drawn within the window do fire (4 reversals per axis per loop, ratio ≈ 4.4
/// for two loops): repeatedly circling over something is scribbling it out.
///
/// Cost per point: amortised O(1) (each point enters and leaves the window storage once) plus one square root;
/// no allocation while the point rate stays within `maximumTouchRateHz` (the window's five queues are sized at init
/// to ⌈W × rate⌉ + 2 pairs each and double, once, if fed faster; a copied detector copies them at its next point).
struct ReversalScribbleDetector: Sendable {
    // MARK: - Parameters

    private let windowSeconds: Double
    private let pathToDiagonalRatio: Double

    // MARK: - State

    private var xAxis: ScribbleAxisTracker
    private var yAxis: ScribbleAxisTracker
    /// The window's five queues (see `ScribbleWindowStorage`): the path window's (time, cumulative path) and the
    /// sliding minimum and maximum of x and of y as (time, coordinate).
    private var window: ScribbleWindowStorage
    private var pathWindow = ScribbleQueue()
    private var minimumX = ScribbleQueue()
    private var maximumX = ScribbleQueue()
    private var minimumY = ScribbleQueue()
    private var maximumY = ScribbleQueue()
    private var hasPreviousPoint = false
    private var previousX = 0.0
    private var previousY = 0.0
    private var cumulativePathPoints = 0.0

    // MARK: - Streaming

    /// Feeds one accepted point; true when both tests hold at it (the evidence then restarts from this point).
    @inline(__always)
    mutating func consume(_ point: TouchPoint, gathersEvidence: Bool) -> Bool {
        let t = point.timestampSeconds
        prepareWindow()
        // Plain pointers into the storage, which `window` keeps alive (nothing reassigns it until the next point).
        let capacity = window.capacity
        let path = window.queue(0)
        let lowX = window.queue(1), highX = window.queue(2), lowY = window.queue(3), highY = window.queue(4)

        // Path: Euclidean segment lengths, accumulated over the gesture.
        if hasPreviousPoint {
            let dx = point.x - previousX, dy = point.y - previousY
            cumulativePathPoints += (dx * dx + dy * dy).squareRoot()
        }
        hasPreviousPoint = true
        previousX = point.x
        previousY = point.y

        let cutoff = t - windowSeconds - scribbleTimeSlackSeconds
        pathWindow.append(t, cumulativePathPoints, in: path, capacity: capacity)
        pathWindow.dropOlder(than: cutoff, in: path, capacity: capacity)
        minimumX.pushExtremum(point.x, t: t, cutoff: cutoff, tracksMaximum: false, in: lowX, capacity: capacity)
        maximumX.pushExtremum(point.x, t: t, cutoff: cutoff, tracksMaximum: true, in: highX, capacity: capacity)
        minimumY.pushExtremum(point.y, t: t, cutoff: cutoff, tracksMaximum: false, in: lowY, capacity: capacity)
        maximumY.pushExtremum(point.y, t: t, cutoff: cutoff, tracksMaximum: true, in: highY, capacity: capacity)

        xAxis.consume(point.x, t: t, records: gathersEvidence)
        yAxis.consume(point.y, t: t, records: gathersEvidence)
        guard gathersEvidence else { return false }

        guard
            xAxis.hasRequiredReversals(at: t, windowSeconds: windowSeconds)
                || yAxis.hasRequiredReversals(at: t, windowSeconds: windowSeconds)
        else { return false }
        let width = maximumX.extremum(in: highX) - minimumX.extremum(in: lowX)
        let height = maximumY.extremum(in: highY) - minimumY.extremum(in: lowY)
        let diagonal = (width * width + height * height).squareRoot()
        let windowPath = cumulativePathPoints - pathWindow.firstValue(in: path, or: cumulativePathPoints)
        guard windowPath >= pathToDiagonalRatio * diagonal else { return false }

        restartEvidence(at: point)
        return true
    }

    /// The finger lifted: reversals, path and box are cleared so the next point starts a new gesture.
    mutating func touchEnded() {
        xAxis.reset()
        yAxis.reset()
        pathWindow.removeAll()
        minimumX.removeAll()
        maximumX.removeAll()
        minimumY.removeAll()
        maximumY.removeAll()
        hasPreviousPoint = false
        cumulativePathPoints = 0
    }

    // MARK: - Private

    /// Makes the window's storage this detector's own (copying it when the detector value was copied) with room for
    /// one more pair in every queue (doubling it, once per doubling of the point rate, when a queue is full).
    @inline(__always)
    private mutating func prepareWindow() {
        let capacity = window.capacity
        let full =
            pathWindow.count == capacity || minimumX.count == capacity || maximumX.count == capacity
            || minimumY.count == capacity || maximumY.count == capacity
        guard full || !isKnownUniquelyReferenced(&window) else { return }
        let old = window
        let storage = ScribbleWindowStorage(capacity: full ? 2 * capacity : capacity)
        storage.take(0, from: old, queue: &pathWindow)
        storage.take(1, from: old, queue: &minimumX)
        storage.take(2, from: old, queue: &maximumX)
        storage.take(3, from: old, queue: &minimumY)
        storage.take(4, from: old, queue: &maximumY)
        window = storage
    }

    /// After an event: reversals, path window and bounding box start again from `point` (the queues are emptied
    /// first, so there is room).
    private mutating func restartEvidence(at point: TouchPoint) {
        xAxis.clearReversals()
        yAxis.clearReversals()
        let t = point.timestampSeconds
        let storage = window, capacity = window.capacity
        pathWindow.removeAll()
        pathWindow.append(t, cumulativePathPoints, in: storage.queue(0), capacity: capacity)
        minimumX.removeAll()
        maximumX.removeAll()
        minimumY.removeAll()
        maximumY.removeAll()
        minimumX.pushExtremum(point.x, t: t, cutoff: t, tracksMaximum: false, in: storage.queue(1), capacity: capacity)
        maximumX.pushExtremum(point.x, t: t, cutoff: t, tracksMaximum: true, in: storage.queue(2), capacity: capacity)
        minimumY.pushExtremum(point.y, t: t, cutoff: t, tracksMaximum: false, in: storage.queue(3), capacity: capacity)
        maximumY.pushExtremum(point.y, t: t, cutoff: t, tracksMaximum: true, in: storage.queue(4), capacity: capacity)
    }
}

// MARK: - Declaration

extension ReversalScribbleDetector: ScribbleAlgorithm {
    static let name = "scribble"
    static let summary =
        "reversals on one axis within a sliding window, and a path at least a multiple of the window's bounding-box diagonal"
    /// Every key of the shared scribble vocabulary, at its standard default (the documented defaults).
    static let reads = ScribbleDetectorConfiguration.parameters
    static let label = "with {requiredReversals} reversals"

    init(_ c: ScribbleDetectorConfiguration, maximumTouchRateHz: Double) {
        windowSeconds = c.windowSeconds
        pathToDiagonalRatio = c.pathToDiagonalRatio
        let capacity = Int((c.windowSeconds * maximumTouchRateHz).rounded(.up)) + 2
        xAxis = ScribbleAxisTracker(minimumTravel: c.minimumTravelPoints, requiredReversals: c.requiredReversals)
        yAxis = xAxis
        window = ScribbleWindowStorage(capacity: capacity)
    }
}
