/// A strict RFC 8259 JSON parser that records line numbers and refuses duplicate keys.
///
/// Written for SensorBench because Foundation's `JSONSerialization` neither reports where a value is nor
/// distinguishes `1` from `true` reliably on every platform. Nesting is limited to ``maximumDepth`` so a
/// hostile file cannot exhaust the stack.
package struct JSONParser {
    /// Deepest nesting accepted.
    package static let maximumDepth = 64

    /// A syntax error with its line, and for a duplicate key the dotted path of that key (`grid.profile`).
    package struct SyntaxError: Error, Equatable {
        package let line: Int
        /// The field path (`grid.profile`, `suites[1].n`) for a duplicate key; empty for other errors.
        package let field: String
        package let message: String

        package init(line: Int, field: String = "", message: String) {
            self.line = line
            self.field = field
            self.message = message
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    /// Keys and indices from the root to the value being parsed, for the path of a duplicate key.
    private var path: [PathComponent] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// `grid.profile`, `suites[1].n`: the path of `key` in the object being parsed.
    private func fieldPath(_ key: String) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let k): text += text.isEmpty ? k : ".\(k)"
            case .index(let i): text += "[\(i)]"
            }
        }
        return text.isEmpty ? key : "\(text).\(key)"
    }

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses a whole document; trailing non-space text is an error.
    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(bytes)
        // A UTF-8 byte-order mark is tolerated, as many editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        guard parser.index < bytes.count else { throw SyntaxError(line: 1, message: "the file is empty") }
        let node = try parser.parseValue()
        parser.skipSpace()
        guard parser.index == bytes.count else {
            throw SyntaxError(line: parser.line, message: "unexpected text after the end of the JSON document")
        }
        return node
    }

    // MARK: - Values

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end of file") }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), line: startLine)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), line: startLine)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try parseNumber(), line: startLine)
        default:
            throw fail("unexpected character '\(printable(bytes[index]))'")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        var seen = Set<String>()
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let keyLine = line
            let key = try parseString()
            guard seen.insert(key).inserted else {
                throw SyntaxError(line: keyLine, field: fieldPath(key), message: "duplicate key")
            }
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
            index += 1
            path.append(.key(key))
            members.append((key, try parseValue()))
            path.removeLast()
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            path.append(.index(elements.count))
            elements.append(try parseValue())
            path.removeLast()
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw fail("a number needs a digit after '-'") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw fail("numbers must not have leading zeros") }
        } else {
            while let c = peek(), isDigit(c) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let c = peek(), isDigit(c) else { throw fail("a digit must follow the decimal point") }
            while let c = peek(), isDigit(c) { index += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            index += 1
            if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
            guard let c = peek(), isDigit(c) else { throw fail("an exponent needs digits") }
            while let c = peek(), isDigit(c) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("the number \(text) is out of range")
        }
        return .number(value, text: text)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        var scalars: [UInt8] = []
        while true {
            guard let c = peek() else { throw fail("unterminated string") }
            index += 1
            switch c {
            case UInt8(ascii: "\""):
                // Validate UTF-8: malformed bytes are a syntax error, not silently replaced.
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw fail("a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard let e = peek() else { throw fail("unterminated escape") }
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append(e)
                case UInt8(ascii: "\\"): scalars.append(e)
                case UInt8(ascii: "/"): scalars.append(e)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("a high surrogate must be followed by a low one") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw fail("invalid escape '\\\(printable(e))'")
                }
            case 0x00..<0x20:
                throw fail("control character inside a string (escape it)")
            default:
                scalars.append(c)
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    // MARK: - Lexing helpers

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else {
            throw fail("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw fail("unexpected word (expected \(word))")
        }
        index += count
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            // A line ends with LF, CRLF or a lone CR (classic Mac files): each counts once.
            case UInt8(ascii: "\r"):
                index += 1
                if peek() != UInt8(ascii: "\n") { line += 1 }
            case UInt8(ascii: "\n"): index += 1; line += 1
            default: return
            }
        }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\u{\(String(c, radix: 16))}"
    }
    private func fail(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }
}
