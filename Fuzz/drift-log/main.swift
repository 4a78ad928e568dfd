import Recordings

/// The drift-log reader (JSON walks with times and arrow readings) on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDriftLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.suffix = ".json"
    _ = try? DriftLog.load(path: FuzzInput.file(data, size))
    return 0
}
