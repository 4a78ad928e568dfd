/// A member of an open family of detector kinds (shake, scribble, proximity check), known by its stable JSON name
/// and registered once in `allCases`.
///
/// Identity, hashing, lookup by name and the JSON form (the name as a string) come from the name alone, here once
/// for every family; a family declares its registry, its noun for messages and what its members declare.
public protocol RegisteredKind: Sendable, Hashable, CaseIterable, RawRepresentable, Codable, CustomStringConvertible
where RawValue == String, AllCases == [Self] {
    /// What a member is called in messages: "shake detector kind".
    static var familyNoun: String { get }
}

extension RegisteredKind {
    /// The registered kind named `rawValue`; nil for an unknown name.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }

    /// Decodes the JSON name; an unregistered one is refused naming the registered ones.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let kind = Self(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown \(Self.familyNoun) \"\(raw)\" (known: "
                    + Self.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        self = kind
    }

    /// Encodes the JSON name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
