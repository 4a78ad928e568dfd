// MARK: - Scribble detecting

/// What a scribble detector decides: the touch points of drag gestures in, one yes-or-no per point out (a
/// scribble event fires at that point or not), and the end of each touch.
///
/// SensorBench's own `ScribbleDetector` conforms; so can a team's detector. A conforming type is a fresh detector
/// per stream: the driver makes a new one for each timeline and calls `touchEnded()` when a finger lifts.
///
/// Units: positions in points (UIKit and SwiftUI's coordinate space), time in seconds on a monotonic clock.
public protocol ScribbleDetecting {
    /// Feeds one touch point of the current gesture.
    ///
    /// - Parameter point: position in points, time in seconds.
    /// - Returns: true exactly when a scribble event fires at this point.
    mutating func consume(_ point: TouchPoint) -> Bool

    /// The finger lifted (or the touch was cancelled): the next point starts a new gesture.
    mutating func touchEnded()
}
