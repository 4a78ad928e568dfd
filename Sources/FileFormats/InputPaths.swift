import Synchronization

/// Where a file named on the command line is opened from: the hook through which the executable lets a path
/// that does not exist here fall back to another place (a `Scenarios/…` path to the shipped folder).
///
/// FileFormats knows nothing of the shipped folder or the command line: the readers ask ``resolve(_:)`` for
/// the path to open and keep the path as given in messages, and the resolver is the identity until the
/// executable installs its own at start-up (``install(_:)``).
package enum InputPaths {
    private static let resolver = Mutex<@Sendable (String) -> String>({ $0 })

    /// Installs the resolver used from now on (the executable calls this once, before any file is read).
    package static func install(_ resolve: @escaping @Sendable (String) -> String) {
        resolver.withLock { $0 = resolve }
    }

    /// The path to open for `path` as named: `path` itself unless the installed resolver finds it elsewhere.
    package static func resolve(_ path: String) -> String {
        let resolve = resolver.withLock { $0 }
        return resolve(path)
    }
}
