import Foundation

/// Dense linear algebra for the few-by-few systems of the variance-component and robust-covariance code.
///
/// Gauss–Jordan elimination with partial pivoting on a copy; fine for the ≤ 10 unknowns these callers have, and
/// free of allocation per element, which matters inside a bootstrap loop.
enum SmallLinearAlgebra {
    /// The inverse of the square matrix `a`, or `nil` when a pivot falls below `relativeTolerance` times the
    /// largest entry of its column (numerically singular).
    static func inverse(_ a: [[Double]], relativeTolerance: Double = 1e-12) -> [[Double]]? {
        let n = a.count
        guard n > 0 else { return [] }
        var m = a
        var inv = (0..<n).map { i in (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        let columnScale = (0..<n).map { j in (0..<n).reduce(0.0) { max($0, abs(a[$1][j])) } }
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<max(col + 1, n) where abs(m[r][col]) > abs(m[pivot][col]) { pivot = r }
            guard columnScale[col] > 0, abs(m[pivot][col]) > relativeTolerance * columnScale[col] else { return nil }
            if pivot != col {
                m.swapAt(pivot, col)
                inv.swapAt(pivot, col)
            }
            let p = m[col][col]
            for j in 0..<n {
                m[col][j] /= p
                inv[col][j] /= p
            }
            for r in 0..<n where r != col {
                let f = m[r][col]
                if f == 0 { continue }
                for j in 0..<n {
                    m[r][j] -= f * m[col][j]
                    inv[r][j] -= f * inv[col][j]
                }
            }
        }
        return inv
    }

    /// log |det a| of the square matrix `a` by Gaussian elimination with partial pivoting, or `nil` when a pivot
    /// falls below `relativeTolerance` times the largest entry of its column (numerically singular).
    static func logAbsoluteDeterminant(_ a: [[Double]], relativeTolerance: Double = 1e-12) -> Double? {
        let n = a.count
        var m = a
        let columnScale = (0..<n).map { j in (0..<n).reduce(0.0) { max($0, abs(a[$1][j])) } }
        var total = 0.0
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<max(col + 1, n) where abs(m[r][col]) > abs(m[pivot][col]) { pivot = r }
            guard columnScale[col] > 0, abs(m[pivot][col]) > relativeTolerance * columnScale[col] else { return nil }
            if pivot != col { m.swapAt(pivot, col) }
            let p = m[col][col]
            total += log(abs(p))
            for r in (col + 1)..<max(col + 1, n) {
                let f = m[r][col] / p
                if f == 0 { continue }
                for j in col..<n { m[r][j] -= f * m[col][j] }
            }
        }
        return total
    }

    /// The solution x of a·x = b, or `nil` when `a` is numerically singular (see ``inverse(_:relativeTolerance:)``).
    static func solve(_ a: [[Double]], _ b: [Double], relativeTolerance: Double = 1e-12) -> [Double]? {
        guard let inv = inverse(a, relativeTolerance: relativeTolerance) else { return nil }
        return inv.map { row in zip(row, b).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    /// a·b·aᵀ for a (r × c) and symmetric b (c × c).
    static func sandwich(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        let r = a.count
        let c = b.count
        var ab = [[Double]](repeating: [Double](repeating: 0, count: c), count: r)
        for i in 0..<r {
            for k in 0..<c where a[i][k] != 0 {
                for j in 0..<c { ab[i][j] += a[i][k] * b[k][j] }
            }
        }
        var out = [[Double]](repeating: [Double](repeating: 0, count: r), count: r)
        for i in 0..<r {
            for j in 0..<r {
                var s = 0.0
                for k in 0..<c { s += ab[i][k] * a[j][k] }
                out[i][j] = s
            }
        }
        return out
    }
}
