import CoreLocation

/// Keeps the user's location up to date and says whether a dining hall is close enough to collect.
class HallFinder: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var currentLocation: CLLocation?

    override init() {
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        currentLocation = locations.last
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print("location failed: \(error.localizedDescription)")
    }

    func isClose(to hall: CLLocationCoordinate2D) -> Bool {
        guard let here = currentLocation else { return false }
        let hallLocation = CLLocation(latitude: hall.latitude, longitude: hall.longitude)
        return here.distance(from: hallLocation) <= 50
    }
}
