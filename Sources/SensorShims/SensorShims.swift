// SensorShims: Apple-shaped types, so a team's app code written against Core Motion, Core Location, Foundation,
// Combine, Observation, UIKit and SwiftUI's drag gesture compiles unchanged against SensorBench's detection core,
// and runs on a simulated phone (`Runtime/SimulatedDevice.swift`: one virtual clock, one main thread, the
// grader's streams delivered to the app's managers at the intervals the app set).
//
// Standard library and DetectionCore only (no Foundation): the module builds wherever DetectionCore does. Names,
// argument labels and units are Apple's. Exactly these members exist; anything else a team's code uses is a
// compile error, reported to course staff as such (docs/source-submissions.md has the full table):
//
// Foundation-shaped
// - `TimeInterval` = `Double`, seconds.
// - `Date` (struct; Hashable, Comparable, Sendable): `init(timeIntervalSinceReferenceDate:)`,
//   `init(timeIntervalSince1970:)`, `init(timeInterval:since:)`, `timeIntervalSinceReferenceDate`,
//   `timeIntervalSince1970`, `timeIntervalSince(_:)`, `addingTimeInterval(_:)`, `+` and `-` with a
//   `TimeInterval`, `+=` and `-=`; `Date()`, `Date.now` and `timeIntervalSinceNow` on the simulated clock (the
//   stream time being delivered, never the machine's). No formatting. Stored as seconds since 2001-01-01 00:00:00
//   UTC, as Apple's; SensorBench's stream clock t (seconds) maps to `Date(timeIntervalSinceReferenceDate: t)`.
// - Free functions on `Double`, as Darwin's: `sqrt`, `sin`, `cos`, `atan`, `atan2`, `asin`, `acos`, `hypot`,
//   `cbrt`, `pow`, `exp`, `log` (`abs`, `min`, `max` are the standard library's). There is no `tan` or `fabs`.
// - `NSObject`, `NSObjectProtocol`, `OperationQueue` (`.main`, `init()`), `DispatchQueue` (`.main`, `.global()`,
//   `async`, `asyncAfter`), `DispatchTime`, `DispatchTimeInterval`, `Timer` (`scheduledTimer(withTimeInterval:
//   repeats:block:)`), `UserDefaults` (in memory), `UUID` (deterministic), `Error.localizedDescription`.
// - `Task.sleep(nanoseconds:)`, `Task.sleep(for:tolerance:)` on the simulated clock (shadowing the standard
//   library's); tasks themselves are the standard library's, run on the simulated thread by the harness
//   (`Runtime/SimulatedDevice+Concurrency.swift`).
//
// Core Motion-shaped (besides the data types below)
// - `CMMotionManager`: accelerometer, device-motion and gyroscope updates, push (to a handler on a queue) or pull
//   (the latest-sample properties), at the app's interval clamped to 0.01–1 s; `CMGyroData`,
//   `CMAttitudeReferenceFrame`, the handler type aliases.
//
// Core Location-shaped (besides the value types below)
// - `CLLocationManager` with its `CLLocationManagerDelegate` (every method optional), `CLAuthorizationStatus`,
//   `CLAccuracyAuthorization`, `CLActivityType`, `CLError`, the `kCLLocationAccuracy…` constants.
//
// Combine-, Observation- and UIKit-shaped
// - `ObservableObject`, `@Published` (stores only), `Observable`; the haptic feedback generators (inert).
//
// Grading glue: `ShakeApp`, `LocationApp` (how the harness reaches an app object), `SimulatedDevice`,
// `LowRateDelivery`, `SensorIntervals`.
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
