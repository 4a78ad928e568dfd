import Foundation

/// Locale-free, deterministic number formatting for reports.
///
/// Every function produces the same bytes on every machine: formatting goes through the C `printf` family with
/// the POSIX conventions (`.` as decimal separator, no grouping), never through a `Locale`. Non-finite input is
/// refused with ``ReportingError/nonFiniteValue(context:)`` rather than printed as "nan" or "inf", so a broken
/// computation cannot slip into a report unnoticed.
package enum Format {
    // MARK: - Limits

    /// Magnitudes at or above this are printed in exponent form by ``number(_:significantDigits:context:)``.
    static let plainUpperBound = 15
    /// Magnitudes below `1e-6` are printed in exponent form by ``number(_:significantDigits:context:)``.
    static let plainLowerExponent = -6

    // MARK: - General numbers

    /// The shortest text that reads back as `x` exactly, whole numbers without ".0" ("3", "0.1", "1.5e-07"): for
    /// values quoted from the input (scenario fields, settings) in messages and report prose.
    package static func exact(_ x: Double) -> String {
        if x == x.rounded(), x.magnitude < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// `printf("%.*g")` with `significantDigits` digits ("0.00695", "1.31e+03"): C's general notation, for
    /// diagnostics that quote a measured value. Non-finite values print as C prints them ("nan", "inf").
    package static func general(_ x: Double, significantDigits: Int) -> String {
        String(format: "%.*g", Int32(min(max(significantDigits, 1), 17)), x)
    }

    /// A setting's value in a label or a sentence: ``number(_:significantDigits:context:)`` with
    /// `significantDigits` digits ("1.5", "1.326"); a non-finite value, which a label must still name, as Swift
    /// prints it.
    package static func label(_ x: Double, significantDigits: Int = 4) -> String {
        (try? number(x, significantDigits: significantDigits)) ?? String(x)
    }

    /// Formats `x` with at most `significantDigits` significant digits and no trailing zeros.
    ///
    /// Rounding is done once, by `printf("%.*e")` (round-half-even on the exact binary value). The rounded value
    /// decides the notation: plain decimal when `1e-6 <= |rounded| < 1e15` ("2.5", "0.000125", "123456"), exponent
    /// form otherwise ("1.5e-07", "1e+15", with at least two exponent digits as C prints them). Zero of either
    /// sign prints as "0".
    ///
    /// - Parameters:
    ///   - x: The value.
    ///   - significantDigits: Digits to keep, clamped to 1...17 (17 round-trips any `Double`).
    ///   - context: What the value is, for the error message.
    /// - Returns: The formatted number.
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` for NaN or ±infinity.
    package static func number(
        _ x: Double, significantDigits: Int = 10, context: String = "number"
    ) throws(ReportingError) -> String {
        guard x.isFinite else { throw .nonFiniteValue(context: context) }
        if x == 0 { return "0" }
        let digits = min(max(significantDigits, 1), 17)
        let scientific = String(format: "%.*e", Int32(digits - 1), x.magnitude)
        // `scientific` is "d.ddd…e±XX" (or "de±XX" when one digit); split mantissa digits and exponent.
        guard let eIndex = scientific.firstIndex(of: "e"),
            let exponent = Int(scientific[scientific.index(after: eIndex)...])
        else {
            throw .invalidValue(context: context, reason: "unexpected printf output \"\(scientific)\"")
        }
        var mantissa = Array(scientific[..<eIndex].filter { $0 != "." })
        while mantissa.count > 1, mantissa.last == "0" { mantissa.removeLast() }
        let sign = x < 0 ? "-" : ""
        if exponent >= plainLowerExponent && exponent < plainUpperBound {
            return sign + plainDecimal(mantissa: mantissa, exponent: exponent)
        }
        var text = String(mantissa[0])
        if mantissa.count > 1 { text += "." + String(mantissa[1...]) }
        let exponentDigits = String(exponent.magnitude)
        text += (exponent < 0 ? "e-" : "e+") + (exponentDigits.count < 2 ? "0" : "") + exponentDigits
        return sign + text
    }

    /// Places the decimal point in the digit string `mantissa` (value `0.d1d2… × 10^(exponent+1)`).
    private static func plainDecimal(mantissa: [Character], exponent: Int) -> String {
        if exponent < 0 {
            return "0." + String(repeating: "0", count: -exponent - 1) + String(mantissa)
        }
        let integerCount = exponent + 1
        if mantissa.count <= integerCount {
            return String(mantissa) + String(repeating: "0", count: integerCount - mantissa.count)
        }
        return String(mantissa[..<integerCount]) + "." + String(mantissa[integerCount...])
    }

    // MARK: - Fixed decimals

    /// Formats `x` with exactly `decimals` digits after the point ("3.14", "-2.50", "7").
    ///
    /// A result that rounds to zero never carries a minus sign ("-0.0001" with 2 decimals gives "0.00").
    ///
    /// - Parameters:
    ///   - x: The value.
    ///   - decimals: Digits after the point, clamped to 0...20.
    ///   - context: What the value is, for the error message.
    /// - Returns: The formatted number.
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` for NaN or ±infinity.
    package static func fixed(_ x: Double, decimals: Int, context: String = "number") throws(ReportingError) -> String {
        guard x.isFinite else { throw .nonFiniteValue(context: context) }
        return withoutNegativeZero(String(format: "%.*f", Int32(min(max(decimals, 0), 20)), x))
    }

    /// Drops the sign of a printed number made only of zeros ("-0.00" becomes "0.00").
    static func withoutNegativeZero(_ text: String) -> String {
        guard text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) else { return text }
        return String(text.dropFirst())
    }

    // MARK: - Percentages and p-values

    /// Formats a fraction as a percentage: `0.123` gives "12.3%".
    ///
    /// - Parameters:
    ///   - fraction: The value as a fraction (1 = 100 %).
    ///   - decimals: Digits after the point of the percentage, clamped to 0...20.
    ///   - context: What the value is, for the error message.
    /// - Returns: The percentage followed by "%".
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` for NaN or ±infinity (also when `fraction * 100`
    ///   overflows).
    package static func percent(
        _ fraction: Double, decimals: Int = 1, context: String = "percentage"
    ) throws(ReportingError) -> String {
        guard fraction.isFinite else { throw .nonFiniteValue(context: context) }
        return try fixed(fraction * 100, decimals: decimals, context: context) + "%"
    }

    /// A fraction as a percentage with one decimal, or two below 1% so that a small share does not read as
    /// "0.0%" ("12.3%", "0.25%").
    ///
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` for NaN or ±infinity.
    package static func percentKeepingSmall(_ fraction: Double, context: String = "percentage") throws(ReportingError) -> String {
        try percent(fraction, decimals: fraction > 0 && fraction < 0.01 ? 2 : 1, context: context)
    }

    /// Formats a p-value the way reports conventionally do.
    ///
    /// Below 0.001 the exact value carries no useful information (and is dominated by model error), so it prints
    /// as "< 0.001"; otherwise 3 significant digits without trailing zeros ("0.0423", "0.05", "1").
    ///
    /// - Parameters:
    ///   - p: The p-value, in [0, 1].
    ///   - context: What the value is, for the error message.
    /// - Returns: The formatted p-value.
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` for NaN or ±infinity,
    ///   ``ReportingError/invalidValue(context:reason:)`` outside [0, 1].
    package static func pValue(_ p: Double, context: String = "p-value") throws(ReportingError) -> String {
        guard p.isFinite else { throw .nonFiniteValue(context: context) }
        guard p >= 0 && p <= 1 else {
            throw .invalidValue(context: context, reason: "p-value \(p) is outside [0, 1]")
        }
        if p < 0.001 { return "< 0.001" }
        return try number(p, significantDigits: 3, context: context)
    }
}
