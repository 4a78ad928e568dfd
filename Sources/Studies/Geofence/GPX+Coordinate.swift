import DetectionCore
import FileFormats
import Reporting

/// The GPX reader (FileFormats) and writer (Reporting) speak degrees and know nothing of DetectionCore; the
/// geofence code converts here, once.
extension GPXPoint {
    /// The point's position as the core's coordinate (longitude normalised to [−180, 180)).
    ///
    /// Never fails: a `GPXPoint` exists only at a position `Coordinate` accepts (finite, |latitude| ≤ 90).
    package var coordinate: Coordinate {
        Coordinate(latitudeDegrees: latitudeDegrees, longitudeDegrees: longitudeDegrees)!
    }
}

extension GPXWriter.Point {
    /// A point to write at a core coordinate.
    package init(coordinate: Coordinate, timeSeconds: Double, name: String? = nil, horizontalAccuracyMeters: Double? = nil) {
        self.init(
            latitudeDegrees: coordinate.latitudeDegrees, longitudeDegrees: coordinate.longitudeDegrees,
            timeSeconds: timeSeconds, name: name, horizontalAccuracyMeters: horizontalAccuracyMeters)
    }
}
