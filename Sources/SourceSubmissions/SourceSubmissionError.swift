// MARK: - Errors of the compile step itself

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A failure of the grader's own compile step (not a team's compile error, which is an outcome).
package enum SourceSubmissionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A tool could not be started or its files could not be written.
    case toolFailed(String)
    /// A library module (DetectionCore, SensorShims) failed to compile: the checkout is broken.
    case libraryDidNotCompile(module: String, diagnostics: String)
    /// A submission folder is missing or holds no Swift file.
    case noSources(folder: String)
    /// The team's folder holds something the grader refuses to read (a link out of the folder, a FIFO, a name
    /// with control characters, more files than a submission may have): the team's outcome, not the grader's.
    case teamFiles(String)
    /// The grader's own files (the compile cache, a scratch folder) could not be written: the disk is full, a
    /// quota is exceeded, an I/O error (`full`), or the folder is read-only or not writable (`full` false).
    /// Never a team's outcome: `grade` stops with exit 74 (EX_IOERR) or 73 (EX_CANTCREAT).
    case graderDisk(String, full: Bool)

    /// One line for the command line.
    package var description: String {
        switch self {
        case .toolFailed(let message): "compile step: \(message)"
        case .libraryDidNotCompile(let module, let diagnostics): "library \(module) did not compile:\n\(diagnostics)"
        case .noSources(let folder): "\(folder): no .swift file in the submission folder"
        case .teamFiles(let message): message
        case .graderDisk(let message, _): "the grader's own disk: \(message); no team was graded"
        }
    }

    /// A file operation's failure: ``graderDisk(_:full:)`` when the disk or folder refused the write (no space,
    /// quota, I/O error; read-only, no permission), else ``toolFailed(_:)``.
    ///
    /// - Parameters:
    ///   - error: what Foundation threw.
    ///   - what: "cannot write <path>", "cannot create <path>", ….
    static func writing(_ error: any Error, _ what: String) -> SourceSubmissionError {
        if let (text, full) = diskProblem(error) { return .graderDisk("\(what): \(text)", full: full) }
        return .toolFailed("\(what): \(error.localizedDescription)")
    }

    /// The disk-level problem behind a Foundation error, from its POSIX code (the error's own, or its
    /// underlying error's): "no space left on device" (ENOSPC), "disk quota exceeded" (EDQUOT), "input/output
    /// error" (EIO) are a full or failing disk; "read-only file system" (EROFS), "permission denied" (EACCES,
    /// EPERM) a folder the grader cannot write.
    package static func diskProblem(_ error: any Error) -> (String, full: Bool)? {
        var codes: [Int32] = []
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { codes.append(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            codes.append(Int32(underlying.code))
        }
        switch ns.code {
        case CocoaError.fileWriteOutOfSpace.rawValue where ns.domain == NSCocoaErrorDomain: codes.append(ENOSPC)
        case CocoaError.fileWriteVolumeReadOnly.rawValue where ns.domain == NSCocoaErrorDomain: codes.append(EROFS)
        case CocoaError.fileWriteNoPermission.rawValue where ns.domain == NSCocoaErrorDomain: codes.append(EACCES)
        default: break
        }
        for code in codes {
            switch code {
            case ENOSPC: return ("no space left on device", true)
            case EDQUOT: return ("disk quota exceeded", true)
            case EIO: return ("input/output error", true)
            case EROFS: return ("read-only file system", false)
            case EACCES, EPERM: return ("permission denied", false)
            default: continue
            }
        }
        return nil
    }
}
