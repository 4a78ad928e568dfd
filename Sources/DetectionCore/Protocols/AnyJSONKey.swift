/// A JSON key of any spelling, so that a configuration decoding its declared vocabulary can also see, and refuse,
/// the keys outside it (shake and scribble configurations).
struct AnyJSONKey: CodingKey {
    let stringValue: String
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
