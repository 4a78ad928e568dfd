// MARK: - ScribbleDetecting conformance

/// `consume(_:)` and `touchEnded()` are the detector's own.
extension ScribbleDetector: ScribbleDetecting {}
