/// A named place to watch, such as a dining hall of the scavenger hunt.
public struct Place: Sendable, Codable, Hashable {
    /// Display name.
    public var name: String
    /// Where the place is (its centre).
    public var coordinate: Coordinate

    /// Creates a place.
    ///
    /// - Parameters:
    ///   - name: display name.
    ///   - coordinate: centre of the place.
    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}
