import CoreMotion

// Glue for SensorBench (staff).

extension ShakeTracker: ShakeApp {
    func sensorBenchStart() { begin() }
    var sensorBenchShakeCount: Int { shakes }
}
