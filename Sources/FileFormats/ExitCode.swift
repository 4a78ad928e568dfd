/// The process exit codes, in one place (BSD `sysexits.h` values where one fits).
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// Anything unexpected: a GSL failure, an unwritable output folder.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// An input file was malformed or held an out-of-range value (EX_DATAERR).
    case dataError = 65
    /// An input file was missing or unreadable (EX_NOINPUT).
    case noInput = 66
    /// The output location cannot take the report: `--out` names a file or a device, a folder of other files,
    /// a name too long, no permission (EX_CANTCREAT).
    case cannotCreate = 73
    /// Writing failed at the disk level: no space, quota, I/O error (EX_IOERR). The previous report is intact.
    case ioError = 74
    /// Another sensorbench process is writing the same report folder; try again when it ends (EX_TEMPFAIL).
    case busy = 75

    /// The code for an input error.
    package init(_ error: InputError) {
        switch error.kind {
        case .badData: self = .dataError
        case .missingFile: self = .noInput
        case .usage: self = .usage
        }
    }
}
