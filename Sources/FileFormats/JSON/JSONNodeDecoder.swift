/// A `Decoder` over the line-numbered JSON reader's nodes, so a Codable configuration (the detection core's own
/// types) decodes through its own `init(from:)` while every value is read by ``JSONField``'s typed readers: errors
/// name the file, line and field path like the rest of the input, and the configuration's keys are written once,
/// in its `CodingKeys`.
package enum JSONNodeDecoder {
    /// Decodes `T` from `object`. Keys are not checked here; call `finish()` on the reader after.
    ///
    /// - Throws: ``InputError`` on the line and field path of the first value that does not fit.
    package static func decode<T: Decodable>(_ type: T.Type, from object: JSONObjectReader) throws(InputError) -> T {
        do {
            return try T(from: NodeDecoder(field: nil, object: object))
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: object.file, line: object.line, field: object.path, problem: "\(error)")
        }
    }
}

// MARK: - Decoding

private struct NodeDecoder: Decoder {
    /// The value decoded; `nil` when the object itself is.
    let field: JSONField?
    let object: JSONObjectReader?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let object { return KeyedDecodingContainer(KeyedNode<Key>(object: object)) }
        guard let field else { throw InputError(file: nil, problem: "internal: no JSON value to decode") }
        return KeyedDecodingContainer(KeyedNode<Key>(object: try field.object()))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw (field?.error("must not be an array") ?? InputError(file: nil, problem: "internal: no JSON value to decode"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let field else { throw InputError(file: nil, problem: "internal: an object is not a single value") }
        return SingleNode(field: field)
    }
}

/// Reads a value with the typed reader its type calls for.
private func read<T: Decodable>(_ type: T.Type, _ f: JSONField) throws -> T {
    if T.self == Double.self { return try f.double() as! T }
    if T.self == Int.self { return try f.integer(in: -1_000_000_000_000...1_000_000_000_000) as! T }
    if T.self == Bool.self { return try f.bool() as! T }
    if T.self == String.self { return try f.string() as! T }
    do {
        return try T(from: NodeDecoder(field: f, object: nil))
    } catch let error as DecodingError {
        guard case .dataCorrupted(let context) = error else { throw f.error("\(error)") }
        throw f.error(context.debugDescription)
    }
}

private struct KeyedNode<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObjectReader

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object.has(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let f = object.optional(key.stringValue) else { return true }
        if case .null = f.node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(T.self, try object.required(key.stringValue)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(KeyedNode<NestedKey>(object: try object.required(key.stringValue).object()))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw try object.required(key.stringValue).error("must not be an array")
    }

    func superDecoder() throws -> any Decoder { NodeDecoder(field: nil, object: object) }
    func superDecoder(forKey key: Key) throws -> any Decoder { NodeDecoder(field: try object.required(key.stringValue), object: nil) }
}

private struct SingleNode: SingleValueDecodingContainer {
    let field: JSONField

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        if case .null = field.node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(T.self, field) }
}
