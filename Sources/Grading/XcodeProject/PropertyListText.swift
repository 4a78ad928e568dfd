// MARK: - The old-style (OpenStep) property-list text of project.pbxproj

/// A value of an old-style property list: `{ key = value; … }`, `( a, b, )`, or a string (quoted or bare).
///
/// `project.pbxproj` is written in this format by every Xcode version (Apple, "Old-Style ASCII Property Lists",
/// Property List Programming Guide): `//` and `/* */` comments, quoted strings with backslash escapes, bare words
/// of letters, digits and `_$/:.-+`. Data (`<0fbd77>`) does not occur in project files and is refused.
package indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    package var array: [PropertyListValue] {
        if case .array(let a) = self { return a }
        return []
    }
    package var dictionary: [String: PropertyListValue] {
        if case .dictionary(let d) = self { return d }
        return [:]
    }
    package subscript(key: String) -> PropertyListValue? { dictionary[key] }
}

/// Parses old-style property-list text.
package struct PropertyListText {
    private let b: [UInt8]
    private var i = 0
    private var line = 1

    /// A problem at a line of the text.
    package struct Problem: Error, Equatable {
        package let line: Int
        package let message: String
    }

    /// Parses `text` (an optional `// !$*UTF8*$!` first line, then one value).
    ///
    /// - Throws: ``Problem`` with the line.
    package static func parse(_ bytes: [UInt8]) throws(Problem) -> PropertyListValue {
        var p = PropertyListText(b: bytes)
        let v = try p.value()
        p.skip()
        guard p.i == p.b.count else { throw Problem(line: p.line, message: "unexpected text after the top-level value") }
        return v
    }

    private init(b: [UInt8]) { self.b = b }

    private mutating func skip() {
        while i < b.count {
            let c = b[i]
            if c == 10 {
                line += 1
                i += 1
            } else if c == 32 || c == 9 || c == 13 {
                i += 1
            } else if c == 47, i + 1 < b.count, b[i + 1] == 47 {
                while i < b.count && b[i] != 10 { i += 1 }
            } else if c == 47, i + 1 < b.count, b[i + 1] == 42 {
                i += 2
                while i + 1 < b.count && !(b[i] == 42 && b[i + 1] == 47) {
                    if b[i] == 10 { line += 1 }
                    i += 1
                }
                i += 2
            } else {
                return
            }
        }
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 36 || c == 47 || c == 58
            || c == 46 || c == 45 || c == 43
    }

    private mutating func expect(_ c: UInt8, _ what: String) throws(Problem) {
        skip()
        guard i < b.count, b[i] == c else { throw Problem(line: line, message: "expected \(what)") }
        i += 1
    }

    private mutating func value() throws(Problem) -> PropertyListValue {
        skip()
        guard i < b.count else { throw Problem(line: line, message: "unexpected end of the file") }
        switch b[i] {
        case 123:  // {
            i += 1
            var d: [String: PropertyListValue] = [:]
            while true {
                skip()
                guard i < b.count else { throw Problem(line: line, message: "a dictionary is not closed") }
                if b[i] == 125 {
                    i += 1
                    return .dictionary(d)
                }
                guard case .string(let key) = try value() else {
                    throw Problem(line: line, message: "a dictionary key is not a string")
                }
                try expect(61, "'=' after the key \"\(key)\"")
                d[key] = try value()
                try expect(59, "';' after the value of \"\(key)\"")
            }
        case 40:  // (
            i += 1
            var a: [PropertyListValue] = []
            while true {
                skip()
                guard i < b.count else { throw Problem(line: line, message: "an array is not closed") }
                if b[i] == 41 {
                    i += 1
                    return .array(a)
                }
                a.append(try value())
                skip()
                if i < b.count, b[i] == 44 {
                    i += 1
                } else if i < b.count, b[i] != 41 {
                    throw Problem(line: line, message: "expected ',' or ')' in an array")
                }
            }
        case 34:  // "
            i += 1
            var out: [UInt8] = []
            while i < b.count && b[i] != 34 {
                if b[i] == 92, i + 1 < b.count {
                    i += 1
                    switch b[i] {
                    case 110: out.append(10)
                    case 116: out.append(9)
                    default: out.append(b[i])
                    }
                } else {
                    if b[i] == 10 { line += 1 }
                    out.append(b[i])
                }
                i += 1
            }
            guard i < b.count else { throw Problem(line: line, message: "a quoted string is not closed") }
            i += 1
            return .string(String(decoding: out, as: UTF8.self))
        default:
            let start = i
            while i < b.count && Self.isBare(b[i]) { i += 1 }
            guard i > start else {
                throw Problem(line: line, message: "unexpected character '\(Character(Unicode.Scalar(b[i])))'")
            }
            return .string(String(decoding: b[start..<i], as: UTF8.self))
        }
    }
}
