import CoreLocation
import Foundation

/// Follows the user's location; a hall can be collected within 50 m of it.
class HallTracker: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    var userLocation: CLLocation?

    override init() {
        super.init()
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        userLocation = locations.last
    }

    func distanceToHall(_ hall: CLLocationCoordinate2D) -> Double {
        let hallLocation = CLLocation(latitude: hall.latitude, longitude: hall.longitude)
        return userLocation?.distance(from: hallLocation) ?? 0
    }

    func canCollect(_ hall: CLLocationCoordinate2D) -> Bool {
        distanceToHall(hall) < 50
    }
}
