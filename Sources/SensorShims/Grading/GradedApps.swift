// MARK: - How the grader reaches an app written with Core Motion and Core Location

/// An app object that owns its `CMMotionManager` and recognises shakes in its own handler (a view model, a
/// motion service): the glue a team's grading file adds in an extension, so the team's file stays as written.
///
/// The harness makes the object with its `init()` (named in `submission.json`'s `"shakeApp"`), calls
/// ``sensorBenchStart()`` (what the app's view does on appear), feeds the stream through
/// ``SimulatedDevice/motionSample(timestamp:userAcceleration:gravity:)``, and after every sample reads
/// ``sensorBenchShakeCount``: a sample after which it grew is where the app recognised a shake.
///
/// Main-actor isolated, as SwiftUI view models are, so a `@MainActor` type conforms as well as a plain one.
@MainActor
public protocol ShakeApp: AnyObject {
    /// Starts what the app starts when its screen appears (motion updates); empty when its `init()` does.
    func sensorBenchStart()
    /// Shakes the app has recognised so far (a counter it keeps, or the number of collections).
    var sensorBenchShakeCount: Int { get }
}

extension ShakeApp {
    /// Nothing: the app starts its updates in `init()`.
    public func sensorBenchStart() {}
}

/// An app object that owns its `CLLocationManager` (usually as its delegate) and decides whether a hall may be
/// collected: the glue for a team's location code.
///
/// The harness makes the object with its `init()` (named in `"locationApp"`), calls ``sensorBenchStart()``,
/// feeds the visit's fixes through ``SimulatedDevice/locationFix(_:)`` and after every fix asks
/// ``sensorBenchMayCollect(_:)`` for the team's coordinate of the visited hall.
@MainActor
public protocol LocationApp: AnyObject {
    /// Starts what the app starts on appear (`requestLocation()`, `startUpdatingLocation()`).
    func sensorBenchStart()
    /// Whether the app would let the user collect the hall at `place` now (its own distance check on the
    /// location it holds).
    func sensorBenchMayCollect(_ place: CLLocationCoordinate2D) -> Bool
}

extension LocationApp {
    /// Nothing: the app starts its location work in `init()`.
    public func sensorBenchStart() {}
}
