// SensorShims: Apple-shaped value types, so a team's detection code written against Core Motion, Core Location
// and SwiftUI's drag gesture compiles unchanged against SensorBench's detection core.
//
// Standard library and DetectionCore only (no Foundation): the module builds wherever DetectionCore does. Names,
// argument labels and units are Apple's. Exactly these members exist; anything else a team's code uses is a
// compile error, reported to course staff as such:
//
// Foundation-shaped
// - `TimeInterval` = `Double`, seconds.
// - `Date` (struct; Hashable, Comparable, Sendable): `init(timeIntervalSinceReferenceDate:)`,
//   `init(timeIntervalSince1970:)`, `init(timeInterval:since:)`, `timeIntervalSinceReferenceDate`,
//   `timeIntervalSince1970`, `timeIntervalSince(_:)`, `addingTimeInterval(_:)`, `+` and `-` with a
//   `TimeInterval`, `+=` and `-=`. There is no `Date()` (the current time would make a run depend on the clock)
//   and no formatting. Stored as seconds since 2001-01-01 00:00:00 UTC, as Apple's; SensorBench's stream clock t
//   (seconds) maps to `Date(timeIntervalSinceReferenceDate: t)`, so intervals between dates are exact.
// - Free functions on `Double`, as Darwin's: `sqrt`, `sin`, `cos`, `atan`, `atan2`, `asin`, `acos`, `hypot`,
//   `cbrt` (`abs`, `min`, `max` are the standard library's). There is no `tan`, `pow`, `exp`, `log` or `fabs`.
//
// Core Motion-shaped
// - `CMAcceleration` (x, y, z in g; `init()`, `init(x:y:z:)`), `CMRotationRate` (x, y, z in rad/s; same inits).
// - `CMAttitude`: `roll`, `pitch`, `yaw` in radians (`init(roll:pitch:yaw:)`); no quaternion, rotation matrix
//   or `multiply(byInverseOf:)`.
// - `CMDeviceMotion`: `userAcceleration`, `gravity` (g), `rotationRate` (rad/s), `attitude`, `timestamp`
//   (`TimeInterval`, seconds on the stream clock, as `CMLogItem.timestamp` is seconds since boot); no
//   `magneticField`, `heading` or `sensorLocation`.
// - `CMAccelerometerData`: `acceleration` (g, gravity included), `timestamp`.
//
// Core Location-shaped
// - `CLLocationDegrees`, `CLLocationDistance` (metres), `CLLocationAccuracy` (metres) = `Double`.
// - `CLLocationCoordinate2D`: `latitude`, `longitude`, `init()`, `init(latitude:longitude:)`;
//   `CLLocationCoordinate2DIsValid(_:)`, `CLLocationCoordinate2DMake(_:_:)`.
// - `CLLocation`: `init(latitude:longitude:)`, `init(coordinate:altitude:horizontalAccuracy:verticalAccuracy:
//   timestamp:)`, `coordinate`, `altitude`, `horizontalAccuracy`, `verticalAccuracy`, `timestamp` (`Date`),
//   `distance(from:)` (metres on WGS-84, Karney's geodesic from DetectionCore); no speed, course or floor.
//
// SwiftUI-shaped
// - `CGFloat` = `Double`; `CGPoint` (x, y; `init()`, `init(x:y:)`, `.zero`); `CGSize` (width, height;
//   `init()`, `init(width:height:)`, `.zero`).
// - `DragGesture.Value`: `time` (`Date`), `location`, `startLocation`, `translation` (location − start).
//
// Apple's CMAttitude, CMDeviceMotion, CMAccelerometerData and CLLocation are classes; these are immutable structs
// with the same read-only properties, so code that reads them compiles the same, but identity (`===`) and
// subclassing do not exist. The adapters (`Adapters/`) convert to and from DetectionCore's sample types.
