import Testing

@testable import Reporting

/// The GPX writer escapes through Reporting's one XML escape: entities for markup, control characters dropped.
@Suite struct GPXWriterTests {
    @Test func namesWithMarkupAndControlCharactersStayWellFormed() throws {
        let text = try GPXWriter.render(
            [GPXWriter.Point(latitudeDegrees: 39.95, longitudeDegrees: -75.19, timeSeconds: 0, name: "Joe's <Café> & \u{1}bell\u{7}")],
            creator: "t\u{0}")
        // By hand: ' → &#39;, < → &lt;, > → &gt;, & → &amp;, U+0001, U+0007 and U+0000 dropped.
        #expect(text.contains("<name>Joe&#39;s &lt;Café&gt; &amp; bell</name>"))
        #expect(text.contains("creator=\"t\""))
        #expect(text.contains("<wpt lat=\"39.95\" lon=\"-75.19\"><name>"))
    }

    /// A track: 15 significant digits, the fixed epoch, accuracy to 3 decimals in the extension.
    @Test func trackPointsCarryTimeAndAccuracy() throws {
        let text = try GPXWriter.renderTrack(
            [GPXWriter.Point(latitudeDegrees: 39.952_335, longitudeDegrees: -75.163_789, timeSeconds: 1.5, horizontalAccuracyMeters: 4.25)],
            creator: "c", trackName: "n")
        #expect(
            text.contains(
                "<trkpt lat=\"39.952335\" lon=\"-75.163789\"><time>2026-01-01T00:00:01.500Z</time>"
                    + "<extensions><sensorbench:horizontalAccuracy>4.250</sensorbench:horizontalAccuracy></extensions></trkpt>"))
        #expect(throws: ReportingError.self) {
            try GPXWriter.render([GPXWriter.Point(latitudeDegrees: .nan, longitudeDegrees: 0, timeSeconds: 0)], creator: "c")
        }
    }
}
