/// Path arithmetic on strings, for the places that used `NSString.deletingLastPathComponent`.
///
/// swift-corelibs-foundation's `deletingLastPathComponent` traps on a one-character string ("g", "x/"), so
/// `--out g` crashed the program; this is the same operation written out, with its cases tested.
package enum PathText {
    /// The path without its last component: "a/b" → "a", "/a" → "/", "a" → "", "a/" → "", "a//b/" → "a",
    /// "/" → "/", "" → "".
    package static func parent(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard text != "/" else { return "/" }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var head = text[..<slash]
        while head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }
}
