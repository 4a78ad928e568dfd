// MARK: - Core Location-shaped scalar types

/// Latitude or longitude in degrees, as Core Location's `CLLocationDegrees`.
public typealias CLLocationDegrees = Double
/// A distance in metres, as Core Location's `CLLocationDistance`.
public typealias CLLocationDistance = Double
/// An accuracy radius in metres (negative: invalid), as Core Location's `CLLocationAccuracy`.
public typealias CLLocationAccuracy = Double
