/// A sum carried in about twice double precision (error-free transformations).
///
/// TwoSum (Knuth, TAOCP vol. 2, 4.2.2) captures the rounding error of each addition exactly, and a fused
/// multiply–add captures the error of each product exactly (TwoProduct); the errors are accumulated separately
/// and added back at the end. This is Ogita, Rump and Oishi's Dot2 (SIAM J. Sci. Comput. 26, 2005): the result
/// is as accurate as if computed in twice the working precision, then rounded. Used for regression residuals,
/// where the cancellation between the response and the fitted value is the whole point, and for the drift study's
/// running moments.
package struct CompensatedSum: Sendable {
    private var sum: Double = 0
    private var error: Double = 0

    /// An empty sum.
    package init() {}

    /// Adds `x`, keeping the rounding error of the addition.
    @inline(__always)
    package mutating func add(_ x: Double) {
        let s = sum + x
        let b = s - sum
        error += (sum - (s - b)) + (x - b)
        sum = s
    }

    /// Adds the product `a·b`, keeping the rounding errors of both the product and the addition.
    @inline(__always)
    package mutating func addProduct(_ a: Double, _ b: Double) {
        let p = a * b
        // fma(a, b, −p) is exactly a·b − p, the rounding error of the product.
        error += (-p).addingProduct(a, b)
        add(p)
    }

    /// Adds another compensated sum: its total, then its carried error, each with the error of the addition kept.
    package mutating func add(_ other: CompensatedSum) {
        add(other.sum)
        add(other.error)
    }

    /// The compensated total.
    package var value: Double { sum + error }
}
