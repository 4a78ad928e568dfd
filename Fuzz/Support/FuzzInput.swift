import Foundation

/// Hands a fuzzer's bytes to a reader that takes a path: the bytes are written to one file per process in
/// /dev/shm (or the temporary folder), rewritten for every input.
enum FuzzInput {
    static let path: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(folder)/sensorbench-fuzz-\(getpid())\(suffix)"
    }()

    /// The file name ending a target needs (".csv", ".json", ".part"); set by each target before use.
    nonisolated(unsafe) static var suffix = ""

    static func file(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot create \(path)")
        var offset = 0
        while offset < size {
            let n = write(fd, data + offset, size - offset)
            precondition(n > 0, "cannot write \(path)")
            offset += n
        }
        close(fd)
        return path
    }

    static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }
}
