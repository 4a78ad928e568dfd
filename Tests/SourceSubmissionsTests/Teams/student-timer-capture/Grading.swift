import CoreMotion

// Glue for SensorBench (staff).

extension Poller: ShakeApp {
    func sensorBenchStart() { begin() }
    var sensorBenchShakeCount: Int { shakes }
}
