import CoreLocation

// Glue for SensorBench (staff): the team's two classes as the grader drives them, files otherwise as written.

extension ShakeMonitor: ShakeApp {
    func sensorBenchStart() { start() }
    var sensorBenchShakeCount: Int { shakes }
}

extension HallFinder: LocationApp {
    func sensorBenchMayCollect(_ place: CLLocationCoordinate2D) -> Bool { isClose(to: place) }
}
