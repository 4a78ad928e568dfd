/// Angle helpers shared by the heading tracker and the geodesy code. Radians inside, degrees at the edges.
public enum Angle {
    /// π, as the standard library spells it for `Double`.
    public static let pi = Double.pi

    /// Wraps any finite angle to (−π, π].
    ///
    /// Uses the IEEE remainder, which is exact (no rounding) for every finite input, so even an accumulated
    /// yaw of 10¹² rad wraps correctly to the nearest representable angle. Returns `nil` for NaN or ±∞.
    ///
    /// - Parameter radians: any angle in radians.
    /// - Returns: the equivalent angle in (−π, π], or `nil` when the input is not finite.
    public static func wrapped(_ radians: Double) -> Double? {
        guard radians.isFinite else { return nil }
        // remainder(x, 2π) lies in [−π, π]; map −π to +π so the interval is half-open as documented.
        let r = radians.remainder(dividingBy: 2 * pi)
        return r <= -pi ? r + 2 * pi : r
    }

    /// Degrees from radians.
    @inline(__always)
    public static func degrees(_ radians: Double) -> Double { radians * 180 / pi }

    /// Radians from degrees.
    @inline(__always)
    public static func radians(_ degrees: Double) -> Double { degrees * pi / 180 }
}
