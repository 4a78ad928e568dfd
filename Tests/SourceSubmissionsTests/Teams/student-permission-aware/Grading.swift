import CoreLocation

// Glue for SensorBench (staff).

extension HallTracker: LocationApp {
    func sensorBenchMayCollect(_ place: CLLocationCoordinate2D) -> Bool { canCollect(place) }
}
