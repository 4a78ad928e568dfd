/// Error-free transformations used to carry a few extra bits through the elementary functions.
///
/// A value `hi + lo` with `|lo| ≤ ulp(hi)` is a "double-double". Only the handful of operations the kernels need are
/// provided; all of them rely on IEEE-754 round-to-nearest and on the fused multiply-add that
/// `Double.addingProduct(_:_:)` exposes (one rounding for `a + b·c`).
enum ExactArithmetic {
    // MARK: - Sums

    /// Knuth's TwoSum: `s + e == a + b` exactly, with `s = fl(a + b)`. No precondition on magnitudes.
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return (s, (a - aVirtual) + (b - bVirtual))
    }

    /// Dekker's FastTwoSum: exact when `|a| ≥ |b|` (or `a == 0`).
    @inline(__always)
    static func fastTwoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        return (s, b - (s - a))
    }

    // MARK: - Products

    /// The exact product `a·b = p + e` with `p = fl(a·b)`, via one fused multiply-add.
    @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
        let p = a * b
        return (p, (-p).addingProduct(a, b))
    }

    // MARK: - Quotients and roots of double-doubles

    /// `(nh + nl) / (dh + dl)` as a double-double; the residual is formed with a fused multiply-add.
    @inline(__always)
    static func divide(_ nh: Double, _ nl: Double, _ dh: Double, _ dl: Double) -> (hi: Double, lo: Double) {
        let qh = nh / dh
        // n − q·d, where nh − qh·dh is exact (FMA) and the low parts are first-order corrections.
        let residual = nh.addingProduct(-qh, dh) + nl - qh * dl
        return (qh, residual / dh)
    }

    /// √(wh + wl) as a double-double (one Newton correction of the rounded root). Requires `wh ≥ 0`.
    @inline(__always)
    static func squareRoot(_ wh: Double, _ wl: Double) -> (hi: Double, lo: Double) {
        let sh = wh.squareRoot()
        guard sh > 0 else { return (sh, 0) }
        // (w − sh²) / (2 sh): first-order Newton step, with w − sh² formed exactly by the FMA.
        return (sh, (wh.addingProduct(-sh, sh) + wl) / (2 * sh))
    }
}
