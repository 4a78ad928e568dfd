/// Receives how far a long read has got, so a command can draw progress without the reader knowing how.
///
/// FileFormats knows nothing of terminals: the command line passes Reporting's `TerminalProgress`, which
/// conforms in the Recordings module.
package protocol ReadingProgress: Sendable {
    /// `done` of `total` units (MB read of the file's size on disk), called every few MB.
    func update(done: Int, total: Int)
    /// Called once when the read ends, whether it succeeded or not.
    func finish()
}
