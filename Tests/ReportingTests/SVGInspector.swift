import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an SVG document with Foundation's `XMLParser` (libxml2) and keeps what the tests look at.
///
/// A parse error means the document is not well-formed XML; browsers refuse to render such SVG.
final class SVGInspector: NSObject, XMLParserDelegate {
    /// One element: its name, attributes and directly contained text.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    /// Elements in document order.
    private(set) var elements: [Element] = []
    /// The parser's error, nil when the document is well-formed.
    private(set) var parseError: Error?
    private var openIndices: [Int] = []

    /// Parses `svg`; inspect ``parseError`` and ``elements`` afterwards.
    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { parseError = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    /// Elements named `name`.
    func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    /// The contents of every `<text>` element, in order.
    var texts: [String] { elements(named: "text").map(\.text) }

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        openIndices.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        openIndices.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = openIndices.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        self.parseError = parseError
    }
}
