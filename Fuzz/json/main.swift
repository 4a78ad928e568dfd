import FileFormats

/// The line-numbered JSON parser: any bytes give a value or a `SyntaxError`, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? JSONParser.parse(FuzzInput.bytes(data, size))
    return 0
}
