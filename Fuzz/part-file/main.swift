import MonteCarlo

/// The part-file reader (scenario and grading parts share one format) on any bytes. The checksum would stop almost every mutation at the last line, so
/// each input is also read a second time with its checksum line recomputed: the header and record parsers behind
/// the checksum are fuzzed too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.suffix = ".part"
    let path = FuzzInput.file(data, size)
    _ = try? PartFile.read(path: path)
    var bytes = FuzzInput.bytes(data, size)
    if let cut = bytes.dropLast().lastIndex(of: 10) { bytes.removeSubrange((cut + 1)...) } else { bytes = [] }
    let resealed = PartFile.sealed(bytes)
    resealed.withUnsafeBufferPointer { buffer in
        let path = FuzzInput.file(buffer.baseAddress ?? data, buffer.count)
        _ = try? PartFile.read(path: path)
        }
    return 0
}
