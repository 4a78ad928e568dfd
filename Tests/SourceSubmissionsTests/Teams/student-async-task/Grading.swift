import CoreLocation

// Glue for SensorBench (staff): the team's view model as the grader drives it.

extension ShakeViewModel: ShakeApp {
    func sensorBenchStart() { startMotion() }
    var sensorBenchShakeCount: Int { shakeCount }
}
