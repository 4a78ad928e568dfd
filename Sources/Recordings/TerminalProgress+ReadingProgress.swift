import FileFormats
import Reporting

/// `allan` and `calibrate` draw a recording's import on the terminal: FileFormats reports through
/// ``ReadingProgress`` and knows nothing of Reporting.
extension TerminalProgress: ReadingProgress {}
