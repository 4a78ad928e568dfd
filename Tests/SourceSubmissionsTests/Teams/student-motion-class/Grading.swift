import CoreLocation

// Glue for SensorBench (staff): the team's classes as the grader drives them.

extension ShakeDetectorService: ShakeApp {
    func sensorBenchStart() { startListening() }
    var sensorBenchShakeCount: Int { shakeCount }
}

extension LocationManager: LocationApp {
    func sensorBenchMayCollect(_ place: CLLocationCoordinate2D) -> Bool { isNear(place) }
}
