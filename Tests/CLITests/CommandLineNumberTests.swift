import Testing

@testable import sensorbench

/// Refusals added by issue 14 on the command line.
@Suite struct CommandLineNumberTests {
    /// Hexadecimal floats are not coordinates to a user: `distance` refuses them; decimals are fine.
    @Test func hexFloatsAreNotCoordinates() {
        #expect(CommandLineParser.parseLatLon("0x1p5,0x10") == nil)
        #expect(CommandLineParser.parseLatLon("39.95,-75.19")?.latitude == 39.95)
    }
}
