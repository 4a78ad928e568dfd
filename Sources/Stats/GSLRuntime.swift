internal import CGSL

/// One-time GSL set-up shared by every entry point of this module.
///
/// GSL's default error handler calls `abort()`. It is switched off once, before the first GSL call, and every
/// status code is checked by the caller instead (see ``StatsError``). Swift's `static let` is initialised
/// lazily and exactly once, even under concurrency.
enum GSLRuntime {
    private static let installed: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Makes sure the abort-on-error handler is off. Cheap after the first call.
    @inline(__always)
    static func ensureReady() {
        _ = installed
    }

    /// Converts a GSL status code into a Swift error, or returns when it is `GSL_SUCCESS`.
    static func check(_ status: Int32, _ operation: StaticString) throws(StatsError) {
        guard status == GSL_SUCCESS else {
            let reason = gsl_strerror(status).map { String(cString: $0) } ?? "unknown error"
            throw StatsError.gsl(operation: "\(operation)", status: Int(status), reason: reason)
        }
    }
}
