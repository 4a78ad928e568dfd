import DetectionCore
import Foundation
import Testing

@testable import FileFormats

/// The GPX writer escapes through Reporting's one XML escape: entities for markup, control characters dropped.
@Suite struct GPXEscapeTests {
    @Test func namesWithMarkupAndControlCharactersStayWellFormed() throws {
        let c = try #require(Coordinate(latitudeDegrees: 39.95, longitudeDegrees: -75.19))
        let text = try GPXWriter.render(
            [GPXWriter.Point(coordinate: c, timeSeconds: 0, name: "Joe's <Café> & \u{1}bell\u{7}")], creator: "t\u{0}")
        // By hand: ' → &#39;, < → &lt;, > → &gt;, & → &amp;, U+0001, U+0007 and U+0000 dropped.
        #expect(text.contains("<name>Joe&#39;s &lt;Café&gt; &amp; bell</name>"))
        #expect(text.contains("creator=\"t\""))
        let points = try GPXReader.parse(Data(text.utf8), file: "t.gpx")
        #expect(points.map(\.name) == ["Joe's <Café> & bell"])
    }
}
