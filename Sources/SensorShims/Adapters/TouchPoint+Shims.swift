import DetectionCore

// MARK: - Touch points between the shims and the core

extension TouchPoint {
    /// The core's touch point for a drag update: its location, its time in seconds since the reference date
    /// (the stream clock, see `Date`).
    ///
    /// - Parameter value: the drag update.
    public init(_ value: DragGesture.Value) {
        self.init(
            x: value.location.x, y: value.location.y, timestampSeconds: value.time.timeIntervalSinceReferenceDate)
    }
}

extension CGPoint {
    /// The position of a core touch point, points.
    ///
    /// - Parameter point: the core's point.
    public init(_ point: TouchPoint) {
        self.init(x: point.x, y: point.y)
    }
}

extension DragGesture.Value {
    /// The drag update a team's code receives for a core touch point of a gesture that began at
    /// `startLocation`.
    ///
    /// - Parameters:
    ///   - point: the core's point (position in points, time in seconds).
    ///   - startLocation: where the gesture's first point was.
    public init(_ point: TouchPoint, startLocation: CGPoint) {
        self.init(
            time: Date(timeIntervalSinceReferenceDate: point.timestampSeconds), location: CGPoint(point),
            startLocation: startLocation)
    }
}
