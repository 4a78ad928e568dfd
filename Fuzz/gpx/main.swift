import Foundation
import FileFormats

/// The GPX reader on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? GPXReader.parse(Data(bytes: data, count: size), file: "fuzz.gpx")
    return 0
}
