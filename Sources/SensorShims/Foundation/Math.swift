import DetectionCore

// MARK: - Darwin-shaped math on Double

// The functions Apple code reaches through Foundation (Darwin's libm) that DetectionCore's stdlib-only
// `Elementary` provides; `sqrt` is the standard library's correctly rounded square root, as libm's is.

/// √x, correctly rounded (IEEE 754), as Darwin's `sqrt`.
///
/// - Parameter x: any Double.
/// - Returns: the square root; NaN for negative x, as libm.
@inlinable public func sqrt(_ x: Double) -> Double { x.squareRoot() }

/// Sine of x radians (DetectionCore's `Elementary.sin`).
///
/// - Parameter x: radians.
/// - Returns: sin x.
public func sin(_ x: Double) -> Double { Elementary.sin(x) }

/// Cosine of x radians (DetectionCore's `Elementary.cos`).
///
/// - Parameter x: radians.
/// - Returns: cos x.
public func cos(_ x: Double) -> Double { Elementary.cos(x) }

/// Arc tangent of x, radians in [−π/2, π/2] (DetectionCore's `Elementary.atan`).
///
/// - Parameter x: any Double.
/// - Returns: atan x.
public func atan(_ x: Double) -> Double { Elementary.atan(x) }

/// Angle of the point (x, y), radians in [−π, π] (DetectionCore's `Elementary.atan2`).
///
/// - Parameters:
///   - y: ordinate.
///   - x: abscissa.
/// - Returns: atan2(y, x).
public func atan2(_ y: Double, _ x: Double) -> Double { Elementary.atan2(y, x) }

/// Arc sine of x, radians (DetectionCore's `Elementary.asin`).
///
/// - Parameter x: in [−1, 1].
/// - Returns: asin x.
public func asin(_ x: Double) -> Double { Elementary.asin(x) }

/// Arc cosine of x, radians (DetectionCore's `Elementary.acos`).
///
/// - Parameter x: in [−1, 1].
/// - Returns: acos x.
public func acos(_ x: Double) -> Double { Elementary.acos(x) }

/// √(x² + y²) without overflow (DetectionCore's `Elementary.hypot`).
///
/// - Parameters:
///   - x: first leg.
///   - y: second leg.
/// - Returns: the hypotenuse.
public func hypot(_ x: Double, _ y: Double) -> Double { Elementary.hypot(x, y) }

/// Cube root of x (DetectionCore's `Elementary.cbrt`).
///
/// - Parameter x: any Double.
/// - Returns: ∛x.
public func cbrt(_ x: Double) -> Double { Elementary.cbrt(x) }

// MARK: - Powers, exponentials and logarithms (standard library only)

/// ln 2 split in a high part with trailing zero bits (so k × ln2Hi is exact for |k| < 2¹¹) and the rest
/// (fdlibm's `ln2_hi`, `ln2_lo`).
private let ln2Hi = 6.93147180369123816490e-01
private let ln2Lo = 1.90821492927058770002e-10

/// eˣ: x = k ln 2 + r with |r| ≤ ln 2 / 2, eʳ by its Taylor series to r¹⁴ (truncation below 2 × 10⁻¹⁷ of the
/// result), scaled by 2ᵏ. Relative error a few units in the last place.
///
/// - Parameter x: any Double.
/// - Returns: eˣ (+∞ above 709.78, 0 below −745.2, NaN for NaN).
public func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782712893384 { return .infinity }
    if x < -745.2 { return 0 }
    let k = (x / 0.6931471805599453).rounded()
    let r = (x - k * ln2Hi) - k * ln2Lo
    var term = 1.0
    var sum = 1.0
    for n in 1...14 {
        term *= r / Double(n)
        sum += term
    }
    // Scale in two steps so 2ᵏ itself never overflows or underflows before the product.
    let half = Int(k) / 2
    return sum * Double(sign: .plus, exponent: half, significand: 1)
        * Double(sign: .plus, exponent: Int(k) - half, significand: 1)
}

/// ln x: x = m × 2ᵉ with m in [√½, √2), ln m = 2 artanh s = 2(s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1),
/// |s| ≤ 0.172, summed to s²³ (truncation below 10⁻¹⁹); plus e ln 2. Relative error a few units in the last
/// place.
///
/// - Parameter x: any Double.
/// - Returns: ln x (−∞ at 0, NaN below 0, +∞ at +∞).
public func log(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return x }
    var e = Double(x.exponent)
    var m = x.significand
    if m > 1.4142135623730951 {
        m /= 2
        e += 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var power = s
    var series = 0.0
    for n in stride(from: 1, through: 23, by: 2) {
        series += power / Double(n)
        power *= s2
    }
    return e * ln2Hi + (2 * series + e * ln2Lo)
}

/// xʸ, as Darwin's `pow`: an integer exponent up to 64 in magnitude by repeated squaring (so `pow(a, 2)` is
/// exactly `a * a`), otherwise e^(y ln |x|) with the sign of a negative base for an odd integer exponent.
/// Relative error below 10⁻¹³ for results of ordinary size.
///
/// - Parameters:
///   - x: the base.
///   - y: the exponent.
/// - Returns: xʸ; 1 when y is 0 or x is 1; NaN for a negative base and a non-integer exponent.
public func pow(_ x: Double, _ y: Double) -> Double {
    if y == 0 || x == 1 { return 1 }
    if x.isNaN || y.isNaN { return .nan }
    let isInteger = y.rounded() == y && y.isFinite
    if isInteger, abs(y) <= 64 {
        var result = 1.0
        var base = x
        var n = Int(abs(y))
        while n > 0 {
            if n & 1 == 1 { result *= base }
            base *= base
            n >>= 1
        }
        return y < 0 ? 1 / result : result
    }
    if x < 0 {
        guard isInteger else { return .nan }
        let odd = abs(y.truncatingRemainder(dividingBy: 2)) == 1
        let magnitude = exp(y * log(-x))
        return odd ? -magnitude : magnitude
    }
    if x == 0 { return y > 0 ? 0 : .infinity }
    return exp(y * log(x))
}
