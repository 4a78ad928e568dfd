import Foundation

/// Locates and reads test fixtures committed beside the test sources (`Tests/<Target>/Fixtures/`).
///
/// Uses the caller's `#filePath`, so fixtures are found on any clean checkout without bundle resources.
public enum Fixtures {
    /// The URL of `name` in the `Fixtures` folder next to the calling test file.
    public static func url(_ name: String, testFile: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(testFile)")
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
            .appendingPathComponent(name)
    }

    /// The fixture's bytes; fails the test run loudly when it is missing.
    public static func data(_ name: String, testFile: StaticString = #filePath) throws -> Data {
        try Data(contentsOf: url(name, testFile: testFile))
    }

    /// The fixture as UTF-8 text.
    public static func text(_ name: String, testFile: StaticString = #filePath) throws -> String {
        String(decoding: try data(name, testFile: testFile), as: UTF8.self)
    }

    /// Parses a small, simple CSV fixture (no quoted commas except inside double quotes) into header and rows.
    public static func csv(_ name: String, testFile: StaticString = #filePath) throws -> (header: [String], rows: [[String]]) {
        let lines = try text(name, testFile: testFile)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map(String.init)
            .filter { !$0.isEmpty }
        guard let first = lines.first else { return ([], []) }
        return (splitCSVLine(first), lines.dropFirst().map(splitCSVLine))
    }

    /// Splits one CSV line, honouring double-quoted fields.
    public static func splitCSVLine(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var iterator = line.makeIterator()
        while let ch = iterator.next() {
            if inQuotes {
                if ch == "\"" {
                    inQuotes = false
                } else {
                    current.append(ch)
                }
            } else if ch == "\"" {
                inQuotes = true
            } else if ch == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        fields.append(current)
        return fields
    }
}

/// Significant-digit agreement, as NIST's StRD reports it: the log relative error (LRE).
public func logRelativeError(_ computed: Double, _ certified: Double) -> Double {
    if computed == certified { return 99 }
    if certified == 0 { return -log10(abs(computed)) }
    return -log10(abs(computed - certified) / abs(certified))
}
