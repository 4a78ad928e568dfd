// MARK: - Attributes of Apple's macros, blanked out before a team's file is compiled

/// Apple's Observation macros (`@Observable` on a class, `@ObservationIgnored` on a property) need the
/// compiler to run a macro plugin, which needs swift-syntax; the shims cannot provide one. The compile step
/// therefore blanks these attributes out of a copy of the team's file, replacing each with as many spaces, so
/// the class compiles as a plain class (what `@Observable` adds is only observation, which nothing here watches)
/// and every line and column a diagnostic names is still the team's.
///
/// Only attributes in code are touched: comments (`//`, nested `/* */`) and string literals (`"…"`, `"""…"""`,
/// with escapes) are skipped. An identifier that merely starts with the name (`@ObservableThing`) is left alone.
package enum MacroAttributes {
    /// The attribute names blanked (without `@`).
    package static let names = ["Observable", "ObservationIgnored"]

    /// `text` with every `@Observable` and `@ObservationIgnored` attribute in code replaced by spaces of the
    /// same length.
    package static func blankedOut(_ text: String) -> String {
        guard names.contains(where: { text.contains("@" + $0) }) else { return text }
        var bytes = Array(text.utf8)
        let n = bytes.count
        var i = 0
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.utf8)
            return k + u.count <= n && Array(bytes[k..<k + u.count]) == u
        }
        func isIdentifier(_ b: UInt8) -> Bool {
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b >= 0x80
        }
        while i < n {
            if starts("//", at: i) {
                while i < n && bytes[i] != 10 { i += 1 }
            } else if starts("/*", at: i) {
                var depth = 0
                repeat {
                    if starts("/*", at: i) {
                        depth += 1
                        i += 2
                    } else if starts("*/", at: i) {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                } while i < n && depth > 0
            } else if starts("\"\"\"", at: i) {
                i += 3
                while i < n && !starts("\"\"\"", at: i) { i += bytes[i] == 92 ? 2 : 1 }
                i += 3
            } else if bytes[i] == 34 {
                i += 1
                while i < n && bytes[i] != 34 && bytes[i] != 10 { i += bytes[i] == 92 ? 2 : 1 }
                i += 1
            } else if bytes[i] == 64 {
                var blanked = false
                for name in names where starts(name, at: i + 1) {
                    let end = i + 1 + name.utf8.count
                    if end < n && isIdentifier(bytes[end]) { continue }
                    for k in i..<end { bytes[k] = 32 }
                    i = end
                    blanked = true
                    break
                }
                if !blanked { i += 1 }
            } else {
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
