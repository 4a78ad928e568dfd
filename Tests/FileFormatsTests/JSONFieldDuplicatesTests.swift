import Testing

@testable import FileFormats

/// The one duplicate-refusal helper of the scenario readers (drift minutes and turns, geofence distances, gesture
/// sweep values).
@Suite struct JSONFieldDuplicatesTests {
    static func field(_ text: String) throws -> JSONField {
        let root = try JSONObjectReader(try JSONParser.parse(Array(text.utf8)), file: "s.json", path: "")
        return try root.required("grid").object().required("minutes")
    }

    /// Without element fields: the array's line and `path[i]` of the first repeat.
    @Test func namesTheFirstRepeatOnTheArraysLine() throws {
        let f = try Self.field("{\"grid\": {\n\"minutes\": [1, 2.5,\n2.5, 1]}}")
        #expect(
            throws: InputError(file: "s.json", line: 2, field: "grid.minutes[2]", problem: "repeats the value 2.5")
        ) { try f.refuseDuplicates([1, 2.5, 2.5, 1]) }
        try f.refuseDuplicates([1, 2.5, 3])
        // 0 and −0 are one value; whole numbers print without ".0".
        #expect(throws: InputError(file: "s.json", line: 2, field: "grid.minutes[1]", problem: "repeats the value 0")) {
            try f.refuseDuplicates([0, -0.0])
        }
    }

    /// With element fields: the repeat's own field and line.
    @Test func namesTheRepeatsOwnLine() throws {
        let f = try Self.field("{\"grid\": {\"minutes\": [1,\n2,\n1]}}")
        let elements = try f.array(count: 1...10)
        #expect(throws: InputError(file: "s.json", line: 3, field: "grid.minutes[2]", problem: "repeats the value 1")) {
            try f.refuseDuplicates([1, 2, 1], elements: elements)
        }
    }
}
