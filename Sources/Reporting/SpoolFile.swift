import Foundation

/// A nameless temporary file that bytes are appended to and read back from, so that a large output (a report's
/// `trials.csv`, a cell's spilled values) need not be held in memory.
///
/// The file is created with `mkstemp` in the temporary folder (`$TMPDIR`, else `/tmp`) and unlinked at once: only
/// the open descriptor keeps it, so nothing is left behind whatever ends the process, and the space is freed when
/// the last reference goes. Appends are buffered (64 KiB); reads flush first. Not thread-safe: one owner at a
/// time (the report's reducer, then the report writer).
package final class SpoolFile: @unchecked Sendable {
    // Safety: a spool is filled by one reducer (called serially, in trial order) and read only after it is
    // complete; no two threads use one spool at the same time.
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes appended so far (written or still buffered).
    package private(set) var count = 0

    private static let bufferSize = 1 << 16

    /// Creates an empty spool.
    ///
    /// - Throws: ``ReportingError/write(path:reason:)`` or ``ReportingError/output(path:reason:)`` when no
    ///   temporary file can be created.
    package init() throws(ReportingError) {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/sensorbench-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = String(cString: template.map { UInt8(bitPattern: $0) } + [0])
        guard fd >= 0 else { throw FileSystem.error(errno, path: path, doing: "cannot create a temporary file") }
        unlink(path)
        descriptor = fd
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { close(descriptor) }

    /// Appends the UTF-8 bytes of `text`.
    package func append(_ text: String) throws(ReportingError) {
        var text = text
        var failure: ReportingError?
        text.withUTF8 { bytes in
            do throws(ReportingError) { try append(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends raw bytes.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(ReportingError) {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count > Self.bufferSize {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
        count += bytes.count
    }

    /// Writes the buffered bytes to the file.
    package func flush() throws(ReportingError) {
        guard !buffer.isEmpty else { return }
        var failure: ReportingError?
        buffer.withUnsafeBytes { bytes in
            do throws(ReportingError) { try writeAll(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with consecutive chunks of the whole contents, in order (at most 1 MiB each).
    package func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(ReportingError) -> Void) throws(ReportingError) {
        try flush()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        var offset = 0
        while offset < count {
            // Each chunk is filled whole (but the last), so a reader of fixed-size records never sees one split.
            let wanted = min(chunk.count, count - offset)
            var filled = 0
            while filled < wanted {
                let n = pread(descriptor, chunk.baseAddress! + filled, wanted - filled, off_t(offset + filled))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileSystem.error(errno, path: "temporary file", doing: "cannot read back")
                }
                guard n > 0 else { throw .write(path: "temporary file", reason: "cannot read back: it is shorter than written") }
                filled += n
            }
            try body(UnsafeRawBufferPointer(rebasing: chunk[0..<wanted]))
            offset += wanted
        }
    }

    /// The whole contents as text (for tests and small spools: this holds it all in memory).
    package func text() throws(ReportingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        try forEachChunk { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(ReportingError) {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSystem.error(errno, path: "temporary file", doing: "cannot write")
            }
            offset += n
        }
    }
}
