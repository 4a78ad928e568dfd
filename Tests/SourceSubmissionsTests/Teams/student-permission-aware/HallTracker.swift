import CoreLocation
import Foundation

/// Follows the user's location while the hunt screen is open; a hall can be collected only within 50 m of it,
/// and never while the app may not use location.
class HallTracker: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private(set) var userLocation: CLLocation?
    private(set) var locationBlocked = false
    var statusText = "Waiting for location…"

    override init() {
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.requestWhenInUseAuthorization()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways:
            locationBlocked = false
            manager.startUpdatingLocation()
        case .denied, .restricted:
            locationBlocked = true
            userLocation = nil
            statusText = "Location is off for this app. Turn it on in Settings to collect halls."
        default:
            break
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        userLocation = locations.last
        statusText = "Location OK"
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        if let clError = error as? CLError, clError.code == .denied {
            locationBlocked = true
            userLocation = nil
            manager.stopUpdatingLocation()
        } else {
            // locationUnknown: Core Location keeps trying, so just wait for the next update.
            statusText = "Searching for GPS…"
        }
    }

    func canCollect(_ hall: CLLocationCoordinate2D) -> Bool {
        guard !locationBlocked, let here = userLocation else { return false }
        return here.distance(from: CLLocation(latitude: hall.latitude, longitude: hall.longitude)) < 50
    }
}
