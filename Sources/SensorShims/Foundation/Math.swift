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
