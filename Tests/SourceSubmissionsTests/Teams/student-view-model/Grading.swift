import CoreMotion

// Glue for SensorBench (staff).

extension HuntViewModel: ShakeApp {
    func sensorBenchStart() { startShakeDetection() }
    var sensorBenchShakeCount: Int { shakeCount }
}
