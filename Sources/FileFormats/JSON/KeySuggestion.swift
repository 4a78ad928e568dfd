/// "Did you mean" for a misspelt key: the valid key nearest by edit distance, when near enough.
package enum KeySuggestion {
    /// The key of `candidates` nearest to `key` (case-insensitive Levenshtein distance), when that distance is at
    /// most max(1, ⌊length/3⌋) — one slip in a short key, a few in a long one; ties go to the first in order.
    package static func nearest(to key: String, among candidates: [String]) -> String? {
        let limit = max(1, key.count / 3)
        var best: (key: String, distance: Int)?
        for candidate in candidates {
            let d = distance(key.lowercased(), candidate.lowercased())
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.key
    }

    /// "; did you mean "1920 Commons"?" for a name near one of `candidates` (``nearest(to:among:)``), else "".
    package static func didYouMean(_ name: String, among candidates: [String]) -> String {
        nearest(to: name, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance (insertions, deletions, substitutions, each 1), by the two-row dynamic programme.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
