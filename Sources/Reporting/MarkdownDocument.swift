/// A Markdown document assembled from blocks (headings, paragraphs, lists, tables, images, code).
///
/// Rendering is deterministic: blocks are separated by exactly one blank line, trailing whitespace of each block
/// is trimmed, and the document ends with a single newline (an empty document renders as "").
package struct MarkdownDocument: Sendable {
    // MARK: - State

    /// The rendered blocks, without trailing newlines.
    private var blocks: [String] = []

    /// Creates an empty document.
    package init() {}

    // MARK: - Blocks

    /// Adds an ATX heading (`#` … `######`).
    ///
    /// - Parameters:
    ///   - text: The heading text; line breaks become spaces (a heading is one line).
    ///   - level: 1...6, clamped.
    package mutating func heading(_ text: String, level: Int = 1) {
        let hashes = String(repeating: "#", count: min(max(level, 1), 6))
        add(hashes + " " + Self.singleLine(text))
    }

    /// Adds a paragraph; the text is kept as given (inline Markdown allowed).
    ///
    /// Blank lines inside `text` would split it into several paragraphs; that is left to the caller.
    package mutating func paragraph(_ text: String) {
        add(text)
    }

    /// Adds a bulleted list, one `- ` item per element; continuation lines of an item are indented.
    package mutating func bullets(_ items: [String]) {
        guard !items.isEmpty else { return }
        let lines = items.map { item in
            "- "
                + Self.trimmedTrailing(item).split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\n  ")
        }
        add(lines.joined(separator: "\n"))
    }

    /// Adds a table (nothing when it has no columns).
    package mutating func table(_ table: MarkdownTable) {
        add(table.render())
    }

    /// Adds an image: `![alt](path)`.
    ///
    /// Brackets in `alt` are escaped; spaces, parentheses and `<`/`>` in `path` are percent-encoded so that the
    /// link target stays one token.
    package mutating func image(alt: String, path: String) {
        var escapedAlt = ""
        for character in Self.singleLine(alt) {
            if character == "[" || character == "]" || character == "\\" { escapedAlt.append("\\") }
            escapedAlt.append(character)
        }
        var encodedPath = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case " ": encodedPath += "%20"
            case "(": encodedPath += "%28"
            case ")": encodedPath += "%29"
            case "<": encodedPath += "%3C"
            case ">": encodedPath += "%3E"
            default: encodedPath.unicodeScalars.append(scalar)
            }
        }
        add("![\(escapedAlt)](\(encodedPath))")
    }

    /// Adds a fenced code block.
    ///
    /// The fence is one backtick longer than the longest backtick run in `text` (at least three), so the content
    /// can never close it early.
    ///
    /// - Parameters:
    ///   - text: The code, verbatim.
    ///   - language: The info string ("swift", "csv"), or "" for none.
    package mutating func code(_ text: String, language: String = "") {
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        let body = Self.trimmedTrailingNewlines(text)
        add(fence + Self.singleLine(language) + "\n" + (body.isEmpty ? "" : body + "\n") + fence)
    }

    /// Adds a horizontal rule (`---`).
    package mutating func rule() {
        add("---")
    }

    // MARK: - Rendering

    /// The document: blocks separated by one blank line, ending with one newline ("" when empty).
    package func render() -> String {
        blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
    }

    // MARK: - Helpers

    /// Stores a block with trailing whitespace removed, skipping blocks that end up empty.
    private mutating func add(_ block: String) {
        let trimmed = Self.trimmedTrailing(block)
        if !trimmed.isEmpty { blocks.append(trimmed) }
    }

    /// Removes trailing spaces, tabs and line breaks.
    static func trimmedTrailing(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }

    /// Removes trailing line breaks only (code keeps its trailing spaces on the last line).
    static func trimmedTrailingNewlines(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last.isNewline { result.removeLast() }
        return String(result)
    }

    /// Replaces line breaks with spaces.
    static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
