// MARK: - One key of a detector's vocabulary

/// One key of a detector configuration's JSON vocabulary (`ShakeDetectorConfiguration`'s,
/// `ScribbleDetectorConfiguration`'s, `ProximityCheckConfiguration`'s): its spelling, unit, valid range and meaning.
///
/// A kind lists the keys it reads (`ShakeParameterReading`); validation, decoding, sweeps, labels, the grader's
/// ladder, reports and the documentation's key table all read these declarations, so none can disagree with them.
public struct DetectorParameter: Sendable, Hashable {
    // MARK: - Types

    /// A value of one key.
    public enum Value: Sendable, Hashable {
        /// A real number in `unit`.
        case real(Double)
        /// A whole count.
        case count(Int)
        /// A flag.
        case flag(Bool)

        /// The value as a real number (a flag as 1 or 0).
        public var number: Double {
            switch self {
            case .real(let x): return x
            case .count(let n): return Double(n)
            case .flag(let b): return b ? 1 : 0
            }
        }
    }

    /// The valid range of a number: `lower` and `upper` (inclusive or not); `upperKey` names another key whose
    /// value is the upper bound instead (checked only while that key's own value is valid).
    public struct Bounds: Sendable, Hashable {
        public let lower: Double
        public let lowerIncluded: Bool
        public let upper: Double
        public let upperIncluded: Bool
        public let upperKey: String?

        /// A range with fixed ends.
        public init(lower: Double, lowerIncluded: Bool, upper: Double, upperIncluded: Bool) {
            self.lower = lower
            self.lowerIncluded = lowerIncluded
            self.upper = upper
            self.upperIncluded = upperIncluded
            upperKey = nil
        }

        /// A range from `lower` (included) up to the value of `upperKey` (included).
        public init(lower: Double, upToKey upperKey: String) {
            self.lower = lower
            lowerIncluded = true
            upper = .infinity
            upperIncluded = true
            self.upperKey = upperKey
        }
    }

    // MARK: - Declaration

    /// The JSON key (part of the stable vocabulary).
    public let key: String
    /// The unit symbol written after a value ("g", "s"); empty for a count, a fraction or a flag.
    public let unit: String
    /// What the key means, in one sentence (help text and documentation).
    public let meaning: String
    /// The value a configuration carries when its kind neither reads the key nor sets a default for it.
    public let standardDefault: Value
    /// The valid range; nil for a flag.
    public let bounds: Bounds?
    /// The values a grader's ladder tries for this key, in `unit`; empty when a ladder never moves it.
    public let ladder: [Double]

    /// A declaration; see the properties.
    public init(
        key: String, unit: String, meaning: String, standardDefault: Value, bounds: Bounds?, ladder: [Double] = []
    ) {
        self.key = key
        self.unit = unit
        self.meaning = meaning
        self.standardDefault = standardDefault
        self.bounds = bounds
        self.ladder = ladder
    }

    // MARK: - Derived

    /// Whether the key holds a number (a real or a count), as opposed to a flag.
    public var isNumber: Bool {
        if case .flag = standardDefault { return false }
        return true
    }

    /// Whether the key holds a whole count.
    public var isCount: Bool {
        if case .count = standardDefault { return true }
        return false
    }

    /// The range in words, as validation reports it: "must be in (0, 16] g", "must be in 1...1000",
    /// "must be in [0, windowSeconds] s"; nil for a flag.
    public var rangeText: String? {
        rangeNotation.map { "must be in \($0)" + (unit.isEmpty ? "" : " \(unit)") }
    }

    /// The range in interval notation, without the unit: "(0, 16]", "1...1000" (a count), "[0, windowSeconds]";
    /// nil for a flag.
    public var rangeNotation: String? {
        guard let b = bounds else { return nil }
        if isCount, b.upperKey == nil, b.lowerIncluded, b.upperIncluded {
            return "\(Self.text(b.lower))...\(Self.text(b.upper))"
        }
        let upper = b.upperKey ?? Self.text(b.upper)
        return "\(b.lowerIncluded ? "[" : "(")\(Self.text(b.lower)), \(upper)\(b.upperIncluded ? "]" : ")")"
    }

    /// Whether `x` lies in the range; `upperValue` is the value of `bounds.upperKey`, or nil when that bound is not
    /// to be checked (that key's own value is invalid).
    func contains(_ x: Double, upperValue: Double?) -> Bool {
        guard let b = bounds else { return true }
        guard x.isFinite, b.lowerIncluded ? x >= b.lower : x > b.lower else { return false }
        let upper = b.upperKey == nil ? b.upper : upperValue
        guard let upper else { return true }
        return b.upperIncluded ? x <= upper : x < upper
    }

    /// A value as labels and ranges write it: an integral value without a decimal point ("16", "0.5", "-1"), any
    /// other as Swift prints it ("12.5", "nan").
    public static func exactText(_ x: Double) -> String { text(x) }

    /// `template` with each `{key}` replaced by that key's value (`value`), as labels write it: a real by `number`,
    /// a count as a whole number, a flag as true or false; an unknown key is left as written.
    public static func fill(
        _ template: String, number: (Double) -> String, value: (String) -> Value?
    ) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            switch value(String(rest[rest.index(after: open)..<close])) {
            case .real(let x)?: out += number(x)
            case .count(let n)?: out += String(n)
            case .flag(let b)?: out += String(b)
            case nil: out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// A bound as written in a range: an integral value without a decimal point ("16", "0.5").
    static func text(_ x: Double) -> String {
        if x == x.rounded(), x.magnitude < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

// MARK: - One kind's use of a key

/// A key a shake kind reads, with that kind's default and any condition or requirement on it.
public struct ShakeParameterReading: Sendable, Hashable {
    /// The key read.
    public let parameter: DetectorParameter
    /// The kind's default (its preset's value).
    public let defaultValue: DetectorParameter.Value
    /// The flag key under which this key is read at all (nil: always read). A conditional key is validated only
    /// while the flag is true, and is not a sweep key.
    public let onlyWhen: String?
    /// For a flag the kind needs at one value: that value and why, as validation reports it.
    public let required: (value: Bool, reason: String)?

    /// A reading; `defaultValue` nil takes the key's standard default.
    public init(
        _ parameter: DetectorParameter, default defaultValue: DetectorParameter.Value? = nil, onlyWhen: String? = nil,
        required: (value: Bool, reason: String)? = nil
    ) {
        self.parameter = parameter
        self.defaultValue = defaultValue ?? parameter.standardDefault
        self.onlyWhen = onlyWhen
        self.required = required
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.parameter == b.parameter && a.defaultValue == b.defaultValue && a.onlyWhen == b.onlyWhen
            && a.required?.value == b.required?.value && a.required?.reason == b.required?.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(parameter)
        hasher.combine(defaultValue)
    }

    /// Whether the key is always read and holds a number: the keys a sweep may vary and a label may name.
    public var isSweepKey: Bool { onlyWhen == nil && parameter.isNumber }
}
