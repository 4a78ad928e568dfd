/// Reads a JSON object field by field, with the path of every field, refusing unknown keys.
///
/// Every accessor throws an ``InputError`` that names the file, the line and the field path. Call
/// ``finish()`` after reading all known keys: any key left over is reported as unknown, since a misspelt
/// optional key would otherwise be silently ignored and its default used.
package final class JSONObjectReader {
    package let file: String
    package let path: String
    package let line: Int
    private let members: [(key: String, node: JSONNode)]
    private var used = Set<String>()
    /// Every key a reader asked for, present or not: the keys valid at this path, for the "unknown key" hint.
    private var asked = Set<String>()

    package init(_ node: JSONNode, file: String, path: String) throws(InputError) {
        guard case .object(let members) = node.value else {
            throw InputError(
                file: file, line: node.line, field: path.isEmpty ? "(top level)" : path,
                problem: "must be an object, got \(node.value.typeName)")
        }
        self.file = file
        self.path = path
        self.line = node.line
        self.members = members
    }

    /// The keys present, in file order.
    package var keys: [String] { members.map(\.key) }

    package func has(_ key: String) -> Bool {
        asked.insert(key)
        return members.contains { $0.key == key }
    }

    /// The field for `key`, or `nil` when absent (JSON `null` counts as absent only where documented).
    package func optional(_ key: String) -> JSONField? {
        asked.insert(key)
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        used.insert(key)
        return JSONField(node: member.node, file: file, path: childPath(key))
    }

    /// The field for `key`; its absence is an error.
    package func required(_ key: String) throws(InputError) -> JSONField {
        guard let field = optional(key) else {
            var problem = "is required but missing"
            // A present key one or two slips away is most likely this one misspelt: name it.
            let unread = members.map(\.key).filter { !used.contains($0) }
            if let near = KeySuggestion.nearest(to: key, among: unread) {
                problem += "; the file has \"\(near)\": is that \"\(key)\" misspelt?"
            }
            throw InputError(file: file, line: line, field: childPath(key), problem: problem)
        }
        return field
    }

    /// Refuses keys that were never read, listing every key valid here and the nearest one when the unknown key
    /// is a near miss (a misspelling).
    package func finish() throws(InputError) {
        for member in members where !used.contains(member.key) {
            let known = asked.sorted()
            var problem = "unknown key"
            if let near = KeySuggestion.nearest(to: member.key, among: known) { problem += "; did you mean \"\(near)\"?" }
            problem += known.isEmpty ? " (no keys are valid here)" : " (valid keys: \(known.joined(separator: ", ")))"
            throw InputError(file: file, line: member.node.line, field: childPath(member.key), problem: problem)
        }
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}

/// One JSON value with its file and field path, and typed accessors that check range.
package struct JSONField {
    package let node: JSONNode
    package let file: String
    package let path: String

    package init(node: JSONNode, file: String, path: String) {
        self.node = node
        self.file = file
        self.path = path
    }

    package func error(_ problem: String) -> InputError {
        InputError(file: file, line: node.line, field: path, problem: problem)
    }

    /// Refuses the first of `values` (read from this field, an array or one value) that repeats an earlier one:
    /// "repeats the value 3" (0 and −0 are the same value).
    ///
    /// - Parameters:
    ///   - values: the values, in the file's order.
    ///   - elements: each value's own field: the refusal names the repeat's field and line. Without them it names
    ///     `path[i]` on this field's line.
    /// - Throws: ``InputError`` for the first repeat.
    package func refuseDuplicates(_ values: [Double], elements: [JSONField]? = nil) throws(InputError) {
        var seen = Set<Double>()
        for (i, v) in values.enumerated() where !seen.insert(v).inserted {
            let problem = "repeats the value \(DecimalText.exact(v))"
            if let elements { throw elements[i].error(problem) }
            throw InputError(file: file, line: node.line, field: "\(path)[\(i)]", problem: problem)
        }
    }

    // MARK: - Scalars

    package func double() throws(InputError) -> Double {
        guard case .number(let value, _) = node.value else { throw error("must be a number, got \(node.value.typeName)") }
        return value
    }

    /// A number in `range`, with a message that states the range in words.
    package func double(in range: ClosedRange<Double>) throws(InputError) -> Double {
        let value = try double()
        guard range.contains(value) else {
            throw error(
                "must be between \(DecimalText.exact(range.lowerBound)) and \(DecimalText.exact(range.upperBound)), got \(DecimalText.exact(value))"
            )
        }
        return value
    }

    /// A number strictly greater than `lower` and at most `upper`.
    package func positive(atMost upper: Double) throws(InputError) -> Double {
        let value = try double()
        guard value > 0 else { throw error("must be greater than 0, got \(DecimalText.exact(value))") }
        guard value <= upper else { throw error("must be at most \(DecimalText.exact(upper)), got \(DecimalText.exact(value))") }
        return value
    }

    /// A number ≥ 0 and at most `upper`.
    package func nonNegative(atMost upper: Double) throws(InputError) -> Double {
        let value = try double()
        guard value >= 0 else { throw error("must not be negative, got \(DecimalText.exact(value))") }
        guard value <= upper else { throw error("must be at most \(DecimalText.exact(upper)), got \(DecimalText.exact(value))") }
        return value
    }

    /// A whole number in `range`.
    package func integer(in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard case .number(let value, let text) = node.value else {
            throw error("must be a whole number, got \(node.value.typeName)")
        }
        guard value == value.rounded(), !text.contains("."), !text.lowercased().contains("e") || value.magnitude < 1e15
        else { throw error("must be a whole number, got \(text)") }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw error("must be between \(range.lowerBound) and \(range.upperBound), got \(text)")
        }
        return Int(value)
    }

    /// An unsigned 64-bit integer written exactly (seeds); refuses fractions, negatives and values beyond 2⁶⁴−1.
    package func unsigned64() throws(InputError) -> UInt64 {
        guard case .number(_, let text) = node.value else {
            throw error("must be a whole number, got \(node.value.typeName)")
        }
        guard let value = UInt64(text) else {
            throw error("must be a whole number between 0 and 18446744073709551615, got \(text)")
        }
        return value
    }

    package func string() throws(InputError) -> String {
        guard case .string(let value) = node.value else { throw error("must be a string, got \(node.value.typeName)") }
        return value
    }

    /// A non-empty string of at most `maximumLength` characters.
    package func nonEmptyString(maximumLength: Int = 200) throws(InputError) -> String {
        let value = try string()
        guard !value.isEmpty else { throw error("must not be empty") }
        guard value.count <= maximumLength else { throw error("is longer than \(maximumLength) characters") }
        return value
    }

    /// One of the listed strings.
    package func choice(_ options: [String]) throws(InputError) -> String {
        let value = try string()
        guard options.contains(value) else {
            throw error("must be one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(value)\"")
        }
        return value
    }

    package func bool() throws(InputError) -> Bool {
        guard case .bool(let value) = node.value else { throw error("must be true or false, got \(node.value.typeName)") }
        return value
    }

    // MARK: - Containers

    package func object() throws(InputError) -> JSONObjectReader {
        try JSONObjectReader(node, file: file, path: path)
    }

    package var isObject: Bool {
        if case .object = node.value { return true }
        return false
    }

    /// The elements of an array with between `count.lowerBound` and `count.upperBound` elements.
    package func array(count: ClosedRange<Int>) throws(InputError) -> [JSONField] {
        guard case .array(let nodes) = node.value else { throw error("must be an array, got \(node.value.typeName)") }
        guard nodes.count >= count.lowerBound else {
            throw error(count.lowerBound == 1 ? "must not be empty" : "must have at least \(count.lowerBound) elements")
        }
        guard nodes.count <= count.upperBound else {
            throw error("has \(nodes.count) elements, at most \(count.upperBound) allowed")
        }
        return nodes.enumerated().map { JSONField(node: $1, file: file, path: "\(path)[\($0)]") }
    }
}
