// MARK: - Core Location-shaped location manager

/// The app's access to location, as Core Location's `CLLocationManager`: a delegate gets the fixes.
///
/// Fed by ``SimulatedDevice/locationFix(_:)`` with the visit's fixes (about 1 Hz). The simulated user granted
/// "When In Use" before the visit: `authorizationStatus` is `.authorizedWhenInUse` from the start, and, as on iOS
/// (which calls it when the app creates the manager), the delegate's `locationManagerDidChangeAuthorization(_:)`
/// runs once on the main queue after the manager is made (so an app that starts updating there does).
/// `startUpdatingLocation()` delivers every fix from the next one on, `requestLocation()` the next fix once, both
/// through `locationManager(_:didUpdateLocations:)` on the main queue; `location` is the device's latest fix
/// (stale when the app stopped asking). `desiredAccuracy` and `distanceFilter` are kept but do not change the
/// fixes (the grader's fixes carry their own accuracy). A manager the app no longer holds gets nothing.
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

    /// The app's authorization: "When In Use" (granted before the visit).
    open var authorizationStatus: CLAuthorizationStatus { .authorizedWhenInUse }

    /// The app's authorization, as the class method deprecated in iOS 14.
    open class func authorizationStatus() -> CLAuthorizationStatus { .authorizedWhenInUse }

    /// Full accuracy (the user did not reduce it).
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    /// Whether location services are on: yes.
    open class func locationServicesEnabled() -> Bool { true }

    /// The device's latest fix (nil before the first).
    open var location: CLLocation? { SimulatedDevice.lastLocation }

    /// Asks for "When In Use": already granted, so nothing changes (as on iOS once the user has answered).
    open func requestWhenInUseAuthorization() {}

    /// Asks for "Always": the user keeps "When In Use" (nothing changes).
    open func requestAlwaysAuthorization() {}

    /// Delivers every fix from the next one on to the delegate.
    open func startUpdatingLocation() { updating = true }

    /// Stops continuous updates (a pending `requestLocation()` still gets its fix).
    open func stopUpdatingLocation() { updating = false }

    /// Delivers the next fix once to the delegate.
    open func requestLocation() { oneShotPending = true }

    /// One fix of the stream: to the delegate when updating or a one-shot request is pending.
    func receive(_ location: CLLocation) {
        guard updating || oneShotPending else { return }
        oneShotPending = false
        SimulatedDevice.enqueue { [weak self] in
            guard let self else { return }
            self.delegate?.locationManager(self, didUpdateLocations: [location])
        }
    }
}

/// What the app's delegate hears from its `CLLocationManager`, as Core Location's `CLLocationManagerDelegate`.
/// Every method is optional (an empty default), as in Apple's Objective-C protocol.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// New fixes, oldest first (one per call here).
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A failure (never sent here: the simulated phone always has a fix).
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

/// Core Location's error codes, as `CLError.Code`.
public struct CLError: Error, Sendable, Equatable {
    /// The code.
    public let code: Code

    /// Makes an error.
    ///
    /// - Parameter code: the code.
    public init(_ code: Code) { self.code = code }

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
