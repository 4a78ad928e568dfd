import FileFormats
import Reporting

extension ExitCode {
    /// The code for a reporting error: output and disk problems have their own codes; a value a renderer
    /// refuses is an internal failure (the inputs were validated before).
    ///
    /// Here, in the lowest module that sees both, because FileFormats (which holds ``ExitCode``) knows nothing
    /// of Reporting.
    package init(_ error: ReportingError) {
        switch error {
        case .output: self = .cannotCreate
        case .write: self = .ioError
        case .locked: self = .busy
        case .nonFiniteValue, .cellCount, .invalidValue, .nonPositiveOnLogAxis: self = .failure
        }
    }
}
