// MARK: - A light reading of a Swift file: tokens, declarations and their brace ranges

/// One token of a Swift file, comments and white space left out.
package struct SwiftToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// An identifier or keyword (backticks removed).
        case word
        /// A string literal; `text` is what lies between the quotes (interpolations included as written).
        case string
        case number
        /// `@name`: `text` is the name.
        case attribute
        /// `#name`: `text` is the name.
        case pound
        /// One character of punctuation or an operator character.
        case punctuation
    }
    package var kind: Kind
    package var text: String
    /// Byte offsets of the token in the file (`start..<end`).
    package var start: Int
    package var end: Int
    /// 1-based line of the token's start.
    package var line: Int
}

/// A type or extension declaration found in a file.
package struct SwiftDeclaration: Sendable, Equatable {
    /// `struct`, `class`, `enum`, `actor`, `extension` or `protocol`.
    package var keyword: String
    /// The declared name (an extension's extended type, as written).
    package var name: String
    /// Names in the inheritance clause (last component: `SwiftUI.View` is `View`).
    package var inherits: [String]
    /// Attribute names before it (`main`, `MainActor`, `Observable`).
    package var attributes: [String]
    /// Modifiers before it (`private`, `final`).
    package var modifiers: [String]
    /// Token range: from its first attribute or modifier to its closing brace (inclusive).
    package var firstToken: Int
    package var openBrace: Int
    package var closeBrace: Int
    /// Nesting: 0 at file scope.
    package var depth: Int
    package var line: Int
}

/// A function or initializer declared in a type's body.
package struct SwiftFunction: Sendable, Equatable {
    /// The name; `init` for an initializer.
    package var name: String
    /// Each parameter's (argument label, type as written, name inside the body): label `_` for none.
    package var parameters: [(label: String, type: String, name: String)]
    /// The tokens of the parameter clause, `(` to `)`.
    package var parameterClause: ClosedRange<Int> = 0...0
    /// The return type as written, empty when none.
    package var returns: String
    package var modifiers: [String]
    /// The open brace whose body holds it (the enclosing type's body).
    package var enclosingBrace: Int
    /// Its own body's token range, nil when it has none (a protocol requirement).
    package var body: ClosedRange<Int>?
    package var line: Int

    package static func == (a: SwiftFunction, b: SwiftFunction) -> Bool {
        a.name == b.name && a.parameters.map(\.label) == b.parameters.map(\.label)
            && a.parameters.map(\.type) == b.parameters.map(\.type) && a.returns == b.returns && a.modifiers == b.modifiers
            && a.enclosingBrace == b.enclosingBrace && a.body == b.body && a.line == b.line
    }
}

/// A stored or computed property declared with `var` or `let`.
package struct SwiftProperty: Sendable, Equatable {
    package var name: String
    package var isVar: Bool
    /// The type annotation as written (`Int`, `CLLocation?`), empty when inferred.
    package var type: String
    /// The first token of the initial value (`0`, `false`), empty when none.
    package var initialValue: String
    package var modifiers: [String]
    package var enclosingBrace: Int
    package var line: Int
    /// Attribute names before it (`State`, `Published`: its property wrappers).
    package var attributes: [String] = []
    /// The token of its first attribute or modifier, else of `var`/`let`.
    package var firstToken = 0
    /// The token of `var` or `let`.
    package var keywordToken = 0
}

/// A Swift file read as tokens, with its declarations.
///
/// Not a parser: enough of Swift's lexical structure (nested block comments, string literals with
/// interpolation, multi-line and raw strings, backtick identifiers) to find type declarations, their members
/// and the calls grading looks for, and to blank out exact byte ranges. Code that fools it (a brace inside a
/// regular-expression literal) makes grading list the project for a person, never grade different code: the
/// compiler still compiles the file.
package struct SwiftSourceScan: Sendable {
    package let bytes: [UInt8]
    package private(set) var tokens: [SwiftToken] = []
    /// For each `{` or `}` token index, the index of its partner (unbalanced: absent).
    package private(set) var partner: [Int: Int] = [:]
    package private(set) var declarations: [SwiftDeclaration] = []
    package private(set) var functions: [SwiftFunction] = []
    package private(set) var properties: [SwiftProperty] = []
    /// For each token, the innermost open brace around it (-1 at file scope).
    package private(set) var enclosing: [Int] = []

    static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "nonisolated", "override",
        "required", "convenience", "lazy", "weak", "unowned", "mutating", "nonmutating", "dynamic", "indirect",
        "isolated", "distributed", "consuming", "borrowing",
    ]
    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]

    package init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        lex()
        matchBraces()
        findDeclarations()
    }

    /// The source text of tokens `a...b` joined by single spaces where the file had space.
    package func text(_ range: ClosedRange<Int>) -> String {
        guard let f = range.first, let l = range.last, f < tokens.count, l < tokens.count else { return "" }
        return String(decoding: bytes[tokens[f].start..<tokens[l].end], as: UTF8.self)
    }

    // MARK: - Lexing

    private mutating func lex() {
        let b = bytes
        let n = b.count
        var i = 0
        var line = 1
        func isIdentifier(_ c: UInt8) -> Bool {
            (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c >= 0x80
        }
        func at(_ k: Int, _ s: String) -> Bool {
            var k = k
            for u in s.utf8 {
                guard k < n, b[k] == u else { return false }
                k += 1
            }
            return true
        }
        /// Skips a string literal starting at `k` (at its `#`s or opening quote); returns the end and the content.
        func skipString(_ k0: Int) -> (end: Int, content: Range<Int>) {
            var k = k0
            var hashes = 0
            while k < n && b[k] == 35 {
                hashes += 1
                k += 1
            }
            let multi = at(k, "\"\"\"")
            k += multi ? 3 : 1
            let contentStart = k
            let closing = (multi ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            while k < n {
                if at(k, closing) { return (k + closing.utf8.count, contentStart..<k) }
                if b[k] == 10 {
                    line += 1
                    if !multi { return (k, contentStart..<k) }
                }
                if b[k] == 92 {
                    // An escape; `\(` (with the string's #s) opens an interpolation: skip to its `)`.
                    var e = k + 1
                    var h = 0
                    while h < hashes, e < n, b[e] == 35 {
                        h += 1
                        e += 1
                    }
                    if h == hashes, e < n, b[e] == 40 {
                        var depth = 1
                        e += 1
                        while e < n && depth > 0 {
                            if b[e] == 34 || (b[e] == 35 && e + 1 < n && (b[e + 1] == 34 || b[e + 1] == 35)) {
                                e = skipString(e).end
                                continue
                            }
                            if b[e] == 40 { depth += 1 }
                            if b[e] == 41 { depth -= 1 }
                            if b[e] == 10 { line += 1 }
                            e += 1
                        }
                        k = e
                        continue
                    }
                    k += hashes == 0 ? 2 : 1
                    continue
                }
                k += 1
            }
            return (n, contentStart..<n)
        }
        while i < n {
            let c = b[i]
            if c == 10 {
                line += 1
                i += 1
            } else if c == 32 || c == 9 || c == 13 {
                i += 1
            } else if at(i, "//") {
                while i < n && b[i] != 10 { i += 1 }
            } else if at(i, "/*") {
                var depth = 0
                repeat {
                    if at(i, "/*") {
                        depth += 1
                        i += 2
                    } else if at(i, "*/") {
                        depth -= 1
                        i += 2
                    } else {
                        if b[i] == 10 { line += 1 }
                        i += 1
                    }
                } while i < n && depth > 0
            } else if c == 34 || (c == 35 && i + 1 < n && (b[i + 1] == 34 || (b[i + 1] == 35 && i + 2 < n && b[i + 2] == 34))) {
                let startLine = line
                let (end, content) = skipString(i)
                tokens.append(
                    SwiftToken(kind: .string, text: String(decoding: b[content], as: UTF8.self), start: i, end: end, line: startLine))
                i = end
            } else if c == 96 {
                var k = i + 1
                while k < n && b[k] != 96 && b[k] != 10 { k += 1 }
                tokens.append(
                    SwiftToken(kind: .word, text: String(decoding: b[(i + 1)..<k], as: UTF8.self), start: i, end: min(k + 1, n), line: line)
                )
                i = min(k + 1, n)
            } else if (c == 64 || c == 35), i + 1 < n, isIdentifier(b[i + 1]), !(b[i + 1] >= 48 && b[i + 1] <= 57) {
                var k = i + 1
                while k < n && isIdentifier(b[k]) { k += 1 }
                tokens.append(
                    SwiftToken(
                        kind: c == 64 ? .attribute : .pound, text: String(decoding: b[(i + 1)..<k], as: UTF8.self), start: i, end: k,
                        line: line))
                i = k
            } else if c >= 48 && c <= 57 {
                var k = i
                while k < n && (isIdentifier(b[k]) || (b[k] == 46 && k + 1 < n && b[k + 1] >= 48 && b[k + 1] <= 57)) { k += 1 }
                tokens.append(SwiftToken(kind: .number, text: String(decoding: b[i..<k], as: UTF8.self), start: i, end: k, line: line))
                i = k
            } else if isIdentifier(c) {
                var k = i
                while k < n && isIdentifier(b[k]) { k += 1 }
                tokens.append(SwiftToken(kind: .word, text: String(decoding: b[i..<k], as: UTF8.self), start: i, end: k, line: line))
                i = k
            } else {
                tokens.append(SwiftToken(kind: .punctuation, text: String(UnicodeScalar(c)), start: i, end: i + 1, line: line))
                i += 1
            }
        }
    }

    private mutating func matchBraces() {
        var stack: [Int] = []
        enclosing = Array(repeating: -1, count: tokens.count)
        for (k, t) in tokens.enumerated() {
            enclosing[k] = stack.last ?? -1
            guard t.kind == .punctuation else { continue }
            if t.text == "{" {
                stack.append(k)
            } else if t.text == "}", let open = stack.popLast() {
                partner[open] = k
                partner[k] = open
                enclosing[k] = stack.last ?? -1
            }
        }
    }

    // MARK: - Declarations

    /// Whether token `k` is the punctuation `p`.
    package func isPunctuation(_ k: Int, _ p: String) -> Bool {
        k >= 0 && k < tokens.count && tokens[k].kind == .punctuation && tokens[k].text == p
    }
    package func isWord(_ k: Int, _ w: String) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .word && tokens[k].text == w }

    /// The index of the `)` (or `>`, `]`) closing the bracket opened at `k`.
    func closing(_ k: Int) -> Int {
        let open = tokens[k].text
        let close = open == "(" ? ")" : open == "[" ? "]" : ">"
        var depth = 0
        var j = k
        while j < tokens.count {
            if isPunctuation(j, open) { depth += 1 }
            if isPunctuation(j, close) {
                depth -= 1
                if depth == 0 { return j }
            }
            if open == "<", isPunctuation(j, "{") { return j - 1 }
            j += 1
        }
        return tokens.count - 1
    }

    private mutating func findDeclarations() {
        var runStart: Int? = nil
        var attributes: [String] = []
        var modifiers: [String] = []
        var k = 0
        func depth(of brace: Int) -> Int {
            var d = 0
            var b = brace
            while b >= 0 {
                d += 1
                b = enclosing[b]
            }
            return d
        }
        while k < tokens.count {
            let t = tokens[k]
            if t.kind == .attribute {
                runStart = runStart ?? k
                attributes.append(t.text)
                if isPunctuation(k + 1, "(") {
                    k = closing(k + 1) + 1
                } else {
                    k += 1
                }
                continue
            }
            if t.kind == .word, Self.modifierWords.contains(t.text) || (t.text == "class" && isNextMember(k)) {
                runStart = runStart ?? k
                // `private(set)` is kept as one modifier.
                if isPunctuation(k + 1, "("), k + 2 < tokens.count {
                    modifiers.append(t.text + "(" + tokens[k + 2].text + ")")
                    k = closing(k + 1) + 1
                } else {
                    modifiers.append(t.text)
                    k += 1
                }
                continue
            }
            defer {
                runStart = nil
                attributes = []
                modifiers = []
            }
            if t.kind == .word, Self.typeKeywords.contains(t.text), k + 1 < tokens.count, tokens[k + 1].kind == .word {
                var j = k + 1
                var name = tokens[j].text
                while isPunctuation(j + 1, "."), j + 2 < tokens.count, tokens[j + 2].kind == .word {
                    name += "." + tokens[j + 2].text
                    j += 2
                }
                j += 1
                if isPunctuation(j, "<") { j = closing(j) + 1 }
                var inherits: [String] = []
                if isPunctuation(j, ":") {
                    j += 1
                    while j < tokens.count, !isPunctuation(j, "{"), !isWord(j, "where") {
                        if tokens[j].kind == .word, !isPunctuation(j + 1, "."), !isPunctuation(j - 1, "@") {
                            inherits.append(tokens[j].text)
                        }
                        if isPunctuation(j, "<") { j = closing(j) }
                        j += 1
                    }
                }
                while j < tokens.count, !isPunctuation(j, "{") { j += 1 }
                if j < tokens.count, let close = partner[j] {
                    declarations.append(
                        SwiftDeclaration(
                            keyword: t.text, name: name, inherits: inherits, attributes: attributes, modifiers: modifiers,
                            firstToken: runStart ?? k, openBrace: j, closeBrace: close, depth: depth(of: enclosing[k]),
                            line: tokens[runStart ?? k].line))
                    k = j + 1
                    continue
                }
            } else if t.kind == .word, t.text == "func" || t.text == "init", enclosing[k] >= 0 {
                var j = k + 1
                var name = "init"
                if t.text == "func" {
                    guard j < tokens.count else { break }
                    name = tokens[j].text
                    j += 1
                } else if isPunctuation(j, "?") || isPunctuation(j, "!") {
                    j += 1
                }
                if isPunctuation(j, "<") { j = closing(j) + 1 }
                guard isPunctuation(j, "(") else {
                    k += 1
                    continue
                }
                let close = closing(j)
                var parameters: [(label: String, type: String, name: String)] = []
                var p = j + 1
                while p < close {
                    // One parameter: words up to ':' are the label and name, then the type up to ',' at depth 0.
                    var names: [String] = []
                    while p < close, tokens[p].kind == .word, !isPunctuation(p, ":") {
                        names.append(tokens[p].text)
                        p += 1
                    }
                    guard isPunctuation(p, ":") else { break }
                    p += 1
                    let typeStart = p
                    while p < close, !isPunctuation(p, ",") {
                        if isPunctuation(p, "(") || isPunctuation(p, "[") || isPunctuation(p, "<") { p = closing(p) }
                        p += 1
                    }
                    parameters.append(
                        (
                            label: names.first ?? "_", type: text(typeStart...max(typeStart, p - 1)),
                            name: names.count > 1 ? names[1] : names.first ?? "_"
                        ))
                    p += 1
                }
                var r = close + 1
                var returns = ""
                while r < tokens.count, !isPunctuation(r, "{"), !isPunctuation(r, "}"),
                    tokens[r].line == tokens[close].line
                        || isPunctuation(r, "-") || isPunctuation(r - 1, ">")
                {
                    if isPunctuation(r, "-"), isPunctuation(r + 1, ">") {
                        let s = r + 2
                        var e = s
                        while e + 1 < tokens.count, !isPunctuation(e + 1, "{"), !isWord(e + 1, "where"),
                            tokens[e + 1].line == tokens[s].line
                        {
                            e += 1
                        }
                        returns = text(s...e)
                        r = e + 1
                        break
                    }
                    r += 1
                }
                while r < tokens.count, !isPunctuation(r, "{"), !isPunctuation(r, "}"), tokens[r].kind != .attribute,
                    !(tokens[r].kind == .word && ["func", "var", "let", "init"].contains(tokens[r].text))
                {
                    r += 1
                }
                let body = isPunctuation(r, "{") ? partner[r].map { r...$0 } : nil
                functions.append(
                    SwiftFunction(
                        name: name, parameters: parameters, parameterClause: j...close, returns: returns, modifiers: modifiers,
                        enclosingBrace: enclosing[k], body: body, line: t.line))
                k = close + 1
                continue
            } else if t.kind == .word, t.text == "var" || t.text == "let", enclosing[k] >= 0, k + 1 < tokens.count,
                tokens[k + 1].kind == .word
            {
                var j = k + 2
                var type = ""
                if isPunctuation(j, ":") {
                    let s = j + 1
                    j = s
                    while j < tokens.count, !isPunctuation(j, "="), !isPunctuation(j, "{"), tokens[j].line == tokens[s].line {
                        if isPunctuation(j, "(") || isPunctuation(j, "[") || isPunctuation(j, "<") { j = closing(j) }
                        j += 1
                    }
                    type = text(s...max(s, j - 1))
                }
                var initial = ""
                if isPunctuation(j, "="), j + 1 < tokens.count { initial = tokens[j + 1].text }
                properties.append(
                    SwiftProperty(
                        name: tokens[k + 1].text, isVar: t.text == "var", type: type, initialValue: initial,
                        modifiers: modifiers, enclosingBrace: enclosing[k], line: t.line, attributes: attributes,
                        firstToken: runStart ?? k, keywordToken: k))
            }
            k += 1
        }
    }

    /// `class` as a modifier (`class func`, `class var`) rather than a declaration.
    private func isNextMember(_ k: Int) -> Bool {
        guard k + 1 < tokens.count, tokens[k + 1].kind == .word else { return false }
        return ["func", "var", "let", "subscript", "override", "final", "static", "private", "public", "fileprivate"]
            .contains(tokens[k + 1].text)
    }

    // MARK: - Queries

    /// The innermost declaration whose body holds token `k`.
    package func declaration(around k: Int) -> SwiftDeclaration? {
        declarations.filter { $0.openBrace < k && k < $0.closeBrace }.max { $0.openBrace < $1.openBrace }
    }

    /// Indices of word tokens equal to `word`.
    package func occurrences(of word: String) -> [Int] {
        tokens.indices.filter { tokens[$0].kind == .word && tokens[$0].text == word }
    }

    /// `bytes` with the byte ranges of tokens `ranges` (inclusive) replaced by spaces, line breaks kept, so every
    /// other byte keeps its line and column.
    package func blanked(_ ranges: [ClosedRange<Int>]) -> [UInt8] {
        var out = bytes
        for r in ranges {
            let from = tokens[r.lowerBound].start
            let to = tokens[r.upperBound].end
            for i in from..<to where out[i] != 10 && out[i] != 13 { out[i] = 32 }
        }
        return out
    }
}
