/// A parsed JSON value that remembers where it came from, so errors can name the line.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, with the text it was written as (kept so integers beyond 2⁵³ are not silently rounded).
    case number(Double, text: String)
    case string(String)
    case array([JSONNode])
    /// Members in file order; duplicate keys are refused by the parser.
    case object([(key: String, node: JSONNode)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x, _), .number(let y, _)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.node == $1.node }
        default: return false
        }
    }

    /// The JSON type's name, as error messages use it.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON value and the 1-based line it starts on.
package struct JSONNode: Sendable, Equatable {
    package let value: JSONValue
    package let line: Int

    package init(value: JSONValue, line: Int) {
        self.value = value
        self.line = line
    }
}
