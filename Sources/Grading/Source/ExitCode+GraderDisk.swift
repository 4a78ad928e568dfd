import FileFormats
import SourceSubmissions

extension ExitCode {
    /// The code for the grader's own disk failing during a grade (``SourceSubmissionError/graderDisk(_:full:)``):
    /// full, over quota or an I/O error 74 (EX_IOERR), read-only or not writable 73 (EX_CANTCREAT); nil for any
    /// other error.
    ///
    /// Here because FileFormats (which holds ``ExitCode``) knows nothing of source submissions.
    package init?(graderFailure error: any Error) {
        guard let e = error as? SourceSubmissionError, case .graderDisk(_, let full) = e else { return nil }
        self = full ? .ioError : .cannotCreate
    }
}
