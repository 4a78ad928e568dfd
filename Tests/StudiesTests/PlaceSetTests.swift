import DetectionCore
import Foundation
import Testing

@testable import FileFormats
@testable import Studies

/// The place set on its own: a places JSON with a variant, inline lists, GPX files and a folder of them, and the
/// refusals (unknown variant place, duplicate names, a folder without GPX) naming file, line and field, and the
/// scenario field that named the places file.
@Suite struct PlaceSetTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The `places` field of a scenario text.
    static func field(_ json: String) throws -> JSONField {
        try JSONObjectReader(try JSONParser.parse(Array(json.utf8)), file: "s.json", path: "").required("places")
    }

    @Test func placesFileWithAVariant() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        {"name": "halls", "places": [
          {"name": "Hill", "latitude": 39.9526, "longitude": -75.1907},
          {"name": "McClelland", "latitude": 39.9505, "longitude": -75.1971}],
         "variants": {"old": {"description": "earlier coordinates", "places": [
          {"name": "McClelland", "latitude": 39.9504, "longitude": -75.19708}]}}}
        """.write(to: dir.appendingPathComponent("halls.json"), atomically: true, encoding: .utf8)
        let set = try PlaceSet.read(try Self.field(#"{"places": "halls.json"}"#), folder: dir)
        #expect(set.source == "halls.json" && set.places.map(\.name) == ["Hill", "McClelland"])
        #expect(set.variantDescriptions == ["old": "earlier coordinates"])
        // The variant replaces only the places it names, in the base order.
        let old = try #require(set.places(variant: "old"))
        #expect(old[0] == set.places[0] && old[1].coordinate.latitudeDegrees == 39.9504)
        #expect(set.places(variant: PlaceSet.baseVariant) == set.places && set.places(variant: "new") == nil)
    }

    @Test func inlineListAndItsRefusals() throws {
        let set = try PlaceSet.read(
            try Self.field(#"{"places": [{"name": "A", "latitude": 1, "longitude": 2}]}"#), folder: URL(fileURLWithPath: "/"))
        #expect(
            set.source == "inline" && set.places == [Place(name: "A", coordinate: Coordinate(latitudeDegrees: 1, longitudeDegrees: 2)!)])
        let twice =
            #"{"places": [{"name": "A", "latitude": 1, "longitude": 2},"# + "\n" + #"{"name": "A", "latitude": 3, "longitude": 4}]}"#
        #expect(throws: InputError(file: "s.json", line: 1, field: "places[1].name", problem: "the place name \"A\" appears twice")) {
            try PlaceSet.read(try Self.field(twice), folder: URL(fileURLWithPath: "/"))
        }
        #expect(throws: InputError.self) {
            try PlaceSet.read(
                try Self.field(#"{"places": [{"name": "A", "latitude": 91, "longitude": 2}]}"#), folder: URL(fileURLWithPath: "/"))
        }
    }

    /// A folder of GPX files: each file's only point named by the file, in byte order of the names; a file with
    /// several unnamed points names them "<file> N".
    @Test func gpxFolderNamesPlacesByFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let halls = dir.appendingPathComponent("halls")
        try FileManager.default.createDirectory(at: halls, withIntermediateDirectories: true)
        func gpx(_ points: String) -> String { "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"c\">\(points)</gpx>\n" }
        try gpx("<wpt lat=\"39.9526\" lon=\"-75.1907\"/>").write(
            to: halls.appendingPathComponent("Hill.gpx"), atomically: true, encoding: .utf8)
        try gpx("<wpt lat=\"39.95\" lon=\"-75.19\"/><wpt lat=\"39.96\" lon=\"-75.2\"/>")
            .write(to: halls.appendingPathComponent("Commons.gpx"), atomically: true, encoding: .utf8)
        try "not gpx".write(to: halls.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let set = try PlaceSet.read(try Self.field(#"{"places": "halls"}"#), folder: dir)
        // "Commons.gpx" < "Hill.gpx" in byte order.
        #expect(set.places.map(\.name) == ["Commons 1", "Commons 2", "Hill"])
        #expect(set.places[2].coordinate == Coordinate(latitudeDegrees: 39.9526, longitudeDegrees: -75.1907))
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: InputError(file: empty.path, problem: "is a folder without .gpx files (places file named at s.json:1: places)")) {
            try PlaceSet.read(try Self.field(#"{"places": "empty"}"#), folder: dir)
        }
    }

    @Test func variantNamingAnUnknownPlaceIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("p.json")
        try """
        {"places": [{"name": "Hill", "latitude": 39.9526, "longitude": -75.1907}],
         "variants": {"v": {"places": [{"name": "Nowhere", "latitude": 0, "longitude": 0}]}}}
        """.write(to: url, atomically: true, encoding: .utf8)
        let field = try Self.field(#"{"places": "p.json"}"#)
        do {
            _ = try PlaceSet.read(field, folder: dir)
            Issue.record("accepted a variant of an unknown place")
        } catch {
            #expect(
                error.field == "variants.v.places[0].name"
                    && error.problem == "\"Nowhere\" is not one of the places (places file named at s.json:1: places)", "\(error)")
        }
    }
}
