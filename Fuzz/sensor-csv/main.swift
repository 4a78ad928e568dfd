import FileFormats

/// The sensor CSV importer (Sensor Logger, phyphox, generic layouts) on any bytes, with and without a declared
/// unit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSensorCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.suffix = ".csv"
    let path = FuzzInput.file(data, size)
    _ = try? SensorRecording.load(path: path, declaredUnit: nil)
    _ = try? SensorRecording.load(path: path, declaredUnit: .degPerSec)
    return 0
}
