import DetectionCore
import FileFormats

extension JSONField {
    /// The value of a declared detector key, checked against its declared range with the reader's own messages
    /// ("must be greater than 0, got -5", "must not be negative, got -1", "must be between 1 and 1000, got 0"), so a
    /// scenario's limits are the core's.
    ///
    /// - Parameter p: the key's declaration (`DetectorParameter`).
    /// - Returns: the value, typed as the declaration's default is.
    /// - Throws: ``InputError`` on this field for a value of the wrong type or outside the range.
    package func value(of p: DetectorParameter) throws(InputError) -> DetectorParameter.Value {
        switch p.standardDefault {
        case .flag: return .flag(try bool())
        case .count:
            guard let b = p.bounds, b.upperKey == nil else { return .count(try integer(in: Int.min...Int.max)) }
            let lower = Int(b.lower) + (b.lowerIncluded ? 0 : 1)
            let upper = Int(b.upper) - (b.upperIncluded ? 0 : 1)
            return .count(try integer(in: lower...upper))
        case .real:
            guard let b = p.bounds, b.upperKey == nil, b.upperIncluded else { return .real(try double()) }
            if b.lower == 0 { return .real(b.lowerIncluded ? try nonNegative(atMost: b.upper) : try positive(atMost: b.upper)) }
            let x = b.lowerIncluded ? try double(in: b.lower...b.upper) : try double(in: b.lower.nextUp...b.upper)
            return .real(x)
        }
    }
}
