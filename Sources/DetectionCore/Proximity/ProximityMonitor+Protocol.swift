// MARK: - ProximityChecking conformance

/// `consume(_:)` and `isInside(placeIndex:)` are the monitor's own.
extension ProximityMonitor: ProximityChecking {}
