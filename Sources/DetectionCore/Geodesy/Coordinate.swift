/// A point on the WGS-84 ellipsoid in decimal degrees, validated on construction.
///
/// Latitude must be finite and in [−90, 90]; longitude may be any finite value and is normalised to [−180, 180)
/// with the exact IEEE remainder, so 540° and −180° both become −180°. Invalid input is refused (the failable
/// initializer returns `nil`; decoding throws `DecodingError.dataCorrupted`), so every `Coordinate` is usable by
/// the geodesic code without further checks.
public struct Coordinate: Sendable, Hashable, Codable {
    // MARK: - Stored properties

    /// Geodetic latitude in degrees, in [−90, 90], positive north.
    public let latitudeDegrees: Double
    /// Longitude in degrees, normalised to [−180, 180), positive east.
    public let longitudeDegrees: Double

    // MARK: - Initialisers

    /// Validates and normalises a latitude–longitude pair.
    ///
    /// - Parameters:
    ///   - latitudeDegrees: latitude in degrees; must be finite with |lat| ≤ 90.
    ///   - longitudeDegrees: longitude in degrees; any finite value (normalised to [−180, 180)).
    /// - Returns: `nil` when latitude is NaN, infinite or beyond a pole, or longitude is NaN or infinite.
    public init?(latitudeDegrees: Double, longitudeDegrees: Double) {
        guard latitudeDegrees.isFinite, Swift.abs(latitudeDegrees) <= 90, longitudeDegrees.isFinite else {
            return nil
        }
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = Coordinate.normalisedLongitude(longitudeDegrees)
    }

    /// Longitude reduced to [−180, 180): `remainder(dividingBy: 360)` is exact and lands in [−180, 180].
    static func normalisedLongitude(_ degrees: Double) -> Double {
        let r = degrees.remainder(dividingBy: 360)
        return r >= 180 ? r - 360 : r
    }

    // MARK: - Codable

    enum CodingKeys: String, CodingKey {
        case latitudeDegrees
        case longitudeDegrees
    }

    /// Decodes and validates; an invalid pair throws `DecodingError.dataCorrupted` naming the values.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or the values are not a valid coordinate.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitudeDegrees)
        let longitude = try container.decode(Double.self, forKey: .longitudeDegrees)
        guard let valid = Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .latitudeDegrees, in: container,
                debugDescription: "invalid coordinate (lat \(latitude), lon \(longitude)): need |lat| ≤ 90, finite lon")
        }
        self = valid
    }
}
