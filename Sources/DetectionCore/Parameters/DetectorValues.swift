/// A detector configuration's values by key, read and written against the keys' declarations: the logic the shake
/// and scribble configurations share (access by key, and their JSON form driven by the kind's vocabulary), once.
enum DetectorValues {
    typealias Values = [String: DetectorParameter.Value]

    /// Whether two values are of one type (real, count or flag).
    static func sameType(_ a: DetectorParameter.Value, _ b: DetectorParameter.Value) -> Bool {
        switch (a, b) {
        case (.real, .real), (.count, .count), (.flag, .flag): return true
        default: return false
        }
    }

    /// Sets `key` to `value` when `declaration` (the kind's declaration of the key) exists and has its type;
    /// otherwise leaves `values` unchanged.
    static func set(_ values: inout Values, _ key: String, _ value: DetectorParameter.Value?, declaration: DetectorParameter?) {
        guard let value, let p = declaration, sameType(value, p.standardDefault) else { return }
        values[key] = value
    }

    /// Sets the number `key` to `number` (rounded toward zero for a count); unchanged for an undeclared key or a flag.
    static func set(_ values: inout Values, _ key: String, number: Double, declaration: DetectorParameter?) {
        switch declaration?.standardDefault {
        case .real: values[key] = .real(number)
        case .count: values[key] = .count(Int(number))
        default: break
        }
    }

    /// The real `key` (NaN when it is not one).
    static func real(_ values: Values, _ key: String) -> Double {
        if case .real(let x) = values[key] { return x }
        return .nan
    }

    /// The count `key` (0 when it is not one).
    static func count(_ values: Values, _ key: String) -> Int {
        if case .count(let n) = values[key] { return n }
        return 0
    }

    /// The flag `key` (false when it is not one).
    static func flag(_ values: Values, _ key: String) -> Bool {
        if case .flag(let b) = values[key] { return b }
        return false
    }

    /// Refuses a key outside `vocabulary` (other than `kind`), then decodes each key of it that is present over
    /// `values` (the kind's preset).
    ///
    /// - Parameter refusal: the refusal's text before " (known: kind, …)", e.g. "is not a ShakeDetectorConfiguration
    ///   key for reversal".
    /// - Throws: `DecodingError` for a key outside the vocabulary or a present key of the wrong type.
    static func decode(
        _ values: inout Values, from container: KeyedDecodingContainer<AnyJSONKey>, vocabulary: [DetectorParameter],
        refusal: String
    ) throws {
        for key in container.allKeys where key.stringValue != "kind" && !vocabulary.contains(where: { $0.key == key.stringValue }) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: refusal + " (known: kind, " + vocabulary.map(\.key).joined(separator: ", ") + ")")
        }
        for p in vocabulary {
            let key = AnyJSONKey(p.key)
            switch p.standardDefault {
            case .real: if let x = try container.decodeIfPresent(Double.self, forKey: key) { values[p.key] = .real(x) }
            case .count: if let n = try container.decodeIfPresent(Int.self, forKey: key) { values[p.key] = .count(n) }
            case .flag: if let b = try container.decodeIfPresent(Bool.self, forKey: key) { values[p.key] = .flag(b) }
            }
        }
    }

    /// Writes every key of `vocabulary`, in declaration order (a missing value at its standard default).
    static func encode(
        _ values: Values, into container: inout KeyedEncodingContainer<AnyJSONKey>, vocabulary: [DetectorParameter]
    ) throws {
        for p in vocabulary {
            let key = AnyJSONKey(p.key)
            switch values[p.key] ?? p.standardDefault {
            case .real(let x): try container.encode(x, forKey: key)
            case .count(let n): try container.encode(n, forKey: key)
            case .flag(let b): try container.encode(b, forKey: key)
            }
        }
    }
}
