import Studies

print("sensorbench \(SensorBenchVersion.current)")
