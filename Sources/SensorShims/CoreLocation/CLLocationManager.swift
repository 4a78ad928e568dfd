// MARK: - Core Location-shaped location manager

/// The app's access to location, as Core Location's `CLLocationManager`: a delegate gets the fixes.
///
/// Fed by ``SimulatedDevice/locationFix(_:)`` with the visit's fixes (about 1 Hz) and by
/// ``SimulatedDevice/locationUnavailable(at:)`` at ticks without one. The simulated user answered the location
/// prompt before the visit: `authorizationStatus` is `.authorizedWhenInUse` (or `.denied` when the suite says
/// so, ``SimulatedDevice/locationAuthorization``) from the start, and, as on iOS (which calls it "when the app
/// creates the location manager"), the delegate's `locationManagerDidChangeAuthorization(_:)` runs once on the
/// main queue after the manager is made (so an app that starts updating there does).
/// `startUpdatingLocation()` delivers every fix from the next one on, `requestLocation()` the next fix once, both
/// through `locationManager(_:didUpdateLocations:)` on the main queue; `location` is the device's latest fix
/// (stale when the app stopped asking). Failures reach `locationManager(_:didFailWithError:)` on the main queue
/// as Apple documents them: when denied, `startUpdatingLocation()` and `requestLocation()` fail with
/// `CLError(.denied)` and no fix ever comes; at a tick without a fix, a pending `requestLocation()` fails with
/// `CLError(.locationUnknown)` and ends, and continuous updates report `.locationUnknown` once and keep trying.
/// `desiredAccuracy` and `distanceFilter` are kept but do not change the fixes (the grader's fixes carry their own
/// accuracy). A manager the app no longer holds gets nothing.
open class CLLocationManager: NSObject {
    /// The app's delegate (weak, as Apple's).
    open weak var delegate: CLLocationManagerDelegate?
    /// The accuracy the app asks for, metres (kept; the fixes are the grader's).
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    /// The distance the app asks the device to move before an update, metres (kept).
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    /// Kept, no effect.
    open var activityType: CLActivityType = .other
    /// Kept, no effect.
    open var pausesLocationUpdatesAutomatically = true
    /// Kept, no effect.
    open var allowsBackgroundLocationUpdates = false
    /// Kept, no effect.
    open var showsBackgroundLocationIndicator = false

    var updating = false
    var oneShotPending = false
    /// Continuous updates already reported `.locationUnknown` since the last fix (iOS reports it, then keeps
    /// trying).
    var unknownReported = false

    /// A manager; its delegate hears about the authorization once the main queue runs.
    public override init() {
        super.init()
        SimulatedDevice.locationManagers.append(WeakBox(self))
        SimulatedDevice.enqueue { [weak self] in
            guard let self else { return }
            self.delegate?.locationManagerDidChangeAuthorization(self)
            self.delegate?.locationManager(self, didChangeAuthorization: self.authorizationStatus)
        }
    }

    /// The app's authorization: "When In Use" (granted before the visit), or "Denied" when the suite says so.
    open var authorizationStatus: CLAuthorizationStatus { SimulatedDevice.authorization }

    /// The app's authorization, as the class method deprecated in iOS 14.
    open class func authorizationStatus() -> CLAuthorizationStatus { SimulatedDevice.authorization }

    /// Full accuracy (the user did not reduce it).
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    /// Whether location services are on: yes (a denied app is denied for itself, the device's switch is on).
    open class func locationServicesEnabled() -> Bool { true }

    /// The device's latest fix (nil before the first, and always nil for a denied app).
    open var location: CLLocation? { SimulatedDevice.lastLocation }

    /// Asks for "When In Use": the user has already answered, so nothing changes and the delegate hears nothing
    /// (Apple: call it "whenever the current authorization status is not determined").
    open func requestWhenInUseAuthorization() {}

    /// Asks for "Always": the user keeps the answer given (nothing changes).
    open func requestAlwaysAuthorization() {}

    /// Delivers every fix from the next one on to the delegate; when denied, fails with `CLError(.denied)`
    /// instead (Apple: "If the user denies your app's use of the location service, this method reports a
    /// `CLError.Code.denied` error").
    open func startUpdatingLocation() {
        updating = true
        unknownReported = false
        if SimulatedDevice.authorization == .denied { fail(.denied) }
    }

    /// Stops continuous updates (a pending `requestLocation()` still gets its fix).
    open func stopUpdatingLocation() { updating = false }

    /// Delivers the next fix once to the delegate; when denied, fails with `CLError(.denied)` instead.
    open func requestLocation() {
        if SimulatedDevice.authorization == .denied {
            fail(.denied)
        } else {
            oneShotPending = true
        }
    }

    /// One fix of the stream: to the delegate when updating or a one-shot request is pending.
    func receive(_ location: CLLocation) {
        guard updating || oneShotPending else { return }
        oneShotPending = false
        unknownReported = false
        SimulatedDevice.enqueue { [weak self] in
            guard let self else { return }
            self.delegate?.locationManager(self, didUpdateLocations: [location])
        }
    }

    /// A tick without a fix while authorized: a pending one-shot request fails with `.locationUnknown` and ends;
    /// continuous updates report `.locationUnknown` once until the next fix. Nothing for a denied app (it heard
    /// `.denied` when it asked).
    func receiveNoFix() {
        guard SimulatedDevice.authorization != .denied else { return }
        var report = false
        if oneShotPending {
            oneShotPending = false
            report = true
        }
        if updating && !unknownReported {
            unknownReported = true
            report = true
        }
        if report { fail(.locationUnknown) }
    }

    /// `locationManager(_:didFailWithError:)` with `CLError(code)`, on the main queue.
    func fail(_ code: CLError.Code) {
        SimulatedDevice.enqueue { [weak self] in
            guard let self else { return }
            self.delegate?.locationManager(self, didFailWithError: CLError(code))
        }
    }
}

/// What the app's delegate hears from its `CLLocationManager`, as Core Location's `CLLocationManagerDelegate`.
/// Every method is optional (an empty default), as in Apple's Objective-C protocol.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// New fixes, oldest first (one per call here).
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A failure: `CLError(.denied)` when the app may not use location, `CLError(.locationUnknown)` at a tick
    /// without a fix.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error)
    /// The authorization changed, or the manager was made (iOS 14 and later).
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The authorization changed (before iOS 14).
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// The app's location authorization, as Core Location's `CLAuthorizationStatus` (Apple's raw values).
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

/// Full or reduced accuracy, as Core Location's `CLAccuracyAuthorization`.
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// The kind of movement, as Core Location's `CLActivityType` (kept, no effect).
public enum CLActivityType: Int, Sendable {
    case other = 1
    case automotiveNavigation = 2
    case fitness = 3
    case otherNavigation = 4
    case airborne = 5
}

/// A Core Location error, as `CLError`: its `code` says why (`error as? CLError`, then `.code == .denied`).
public struct CLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The code.
    public let code: Code

    /// Makes an error.
    ///
    /// - Parameter code: the code.
    public init(_ code: Code) { self.code = code }

    /// "The location manager was unable to obtain a location value right now" (Apple's wording of the code).
    public static let locationUnknown = Code.locationUnknown
    /// "The user denied access to the location service."
    public static let denied = Code.denied
    /// "The network was unavailable or a network error occurred."
    public static let network = Code.network

    /// The error's domain and code as Foundation prints an `NSError` from Core Location
    /// ("The operation couldn’t be completed. (kCLErrorDomain error 1.)").
    public var description: String {
        "The operation couldn\u{2019}t be completed. (kCLErrorDomain error \(code.rawValue).)"
    }

    /// Apple's codes (those an app commonly checks).
    public enum Code: Int, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
    }
}

// MARK: - Accuracy constants (Apple's values, metres; the negative ones are markers)

/// The best the device can do while navigating.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// The best the device can do.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// About 10 m.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// About 100 m.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// About 1 km.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// About 3 km.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// Reduced accuracy (iOS 14).
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// Every movement is reported.
public let kCLDistanceFilterNone: CLLocationDistance = -1
