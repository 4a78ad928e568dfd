import DetectionCore
import Foundation

/// The places a geofence scenario watches, with named variants (alternative coordinates for some places).
///
/// A scenario's `places` is a path (relative to the scenario's folder) to a places JSON file
/// (`{"name", "description", "source", "places": [{"name", "latitude", "longitude"}], "variants": {…}}`) or to a
/// GPX file (every `wpt`, `rtept` and `trkpt` becomes a place, named by its `<name>` or "point N"), or an inline
/// array of `{"name", "latitude", "longitude"}` objects. A variant replaces the coordinates of places it names.
public struct PlaceSet: Sendable {
    /// The variant name that means "no replacement".
    public static let baseVariant = "base"

    /// Where the places came from, for reports.
    public let source: String
    /// The places as given.
    public let places: [Place]
    /// Replacement places per variant name.
    public let variants: [String: [Place]]
    /// Variant descriptions.
    public let variantDescriptions: [String: String]

    /// The places with a variant's replacements applied (`base`: unchanged).
    ///
    /// - Parameter variant: a variant name.
    /// - Returns: the places, in the same order; `nil` for an unknown variant.
    public func places(variant: String) -> [Place]? {
        if variant == PlaceSet.baseVariant { return places }
        guard let replacements = variants[variant] else { return nil }
        return places.map { p in replacements.first { $0.name == p.name } ?? p }
    }

    // MARK: - Reading

    /// Reads the `places` field of a scenario.
    ///
    /// - Parameters:
    ///   - field: a path string or an inline array.
    ///   - folder: the scenario's folder, for relative paths.
    /// - Returns: the place set (at least one place, names unique).
    /// - Throws: ``InputError`` naming the file, line and field.
    static func read(_ field: JSONField, folder: URL) throws(InputError) -> PlaceSet {
        do throws(InputError) {
            return try readResolved(field, folder: folder)
        } catch {
            throw error.referenced(by: field, as: "places file")
        }
    }

    private static func readResolved(_ field: JSONField, folder: URL) throws(InputError) -> PlaceSet {
        if case .string(let path) = field.node.value {
            guard !path.isEmpty else { throw field.error("must not be empty") }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            if path.lowercased().hasSuffix(".gpx") {
                let points = try GPXReader.read(path: url.path)
                guard !points.isEmpty else { throw InputError(file: url.path, problem: "has no wpt, rtept or trkpt points") }
                let places = points.enumerated().map { i, p in Place(name: p.name ?? "point \(i + 1)", coordinate: p.coordinate) }
                try refuseDuplicateNames(places, file: url.path, line: nil, field: "")
                return PlaceSet(source: path, places: places, variants: [:], variantDescriptions: [:])
            }
            let node = try ScenarioFile.parseJSON(at: url, displayPath: url.path)
            let r = try JSONObjectReader(node, file: url.path, path: "")
            _ = try r.optional("name")?.string()
            _ = try r.optional("description")?.string()
            _ = try r.optional("source")?.string()
            let placesField = try r.required("places")
            let places = try readList(placesField)
            try refuseDuplicateNames(places, file: url.path, line: placesField.node.line, field: placesField.path)
            var variants: [String: [Place]] = [:]
            var descriptions: [String: String] = [:]
            if let v = try r.optional("variants")?.object() {
                for key in v.keys {
                    guard key != baseVariant else {
                        throw InputError(
                            file: url.path, line: v.line, field: "variants.\(key)", problem: "\"base\" is reserved for the unchanged places"
                        )
                    }
                    let entry = try v.required(key).object()
                    descriptions[key] = try entry.optional("description")?.string() ?? ""
                    let listField = try entry.required("places")
                    let replacements = try readList(listField)
                    for (i, p) in replacements.enumerated() where !places.contains(where: { $0.name == p.name }) {
                        throw InputError(
                            file: url.path, line: listField.node.line, field: "\(listField.path)[\(i)].name",
                            problem: "\"\(p.name)\" is not one of the places")
                    }
                    variants[key] = replacements
                    try entry.finish()
                }
                try v.finish()
            }
            try r.finish()
            return PlaceSet(source: path, places: places, variants: variants, variantDescriptions: descriptions)
        }
        let places = try readList(field)
        try refuseDuplicateNames(places, file: field.file, line: field.node.line, field: field.path)
        return PlaceSet(source: "inline", places: places, variants: [:], variantDescriptions: [:])
    }

    /// Reads an array of `{"name", "latitude", "longitude"}` (degrees).
    static func readList(_ field: JSONField) throws(InputError) -> [Place] {
        var places: [Place] = []
        for element in try field.array(count: 1...10_000) {
            let o = try element.object()
            let name = try o.required("name").nonEmptyString(maximumLength: 120)
            let lat = try o.required("latitude").double(in: -90...90)
            let lon = try o.required("longitude").double(in: -180...180)
            try o.finish()
            guard let c = Coordinate(latitudeDegrees: lat, longitudeDegrees: lon) else {
                throw element.error("is not a valid coordinate")
            }
            places.append(Place(name: name, coordinate: c))
        }
        return places
    }

    static func refuseDuplicateNames(_ places: [Place], file: String, line: Int?, field: String) throws(InputError) {
        var seen = Set<String>()
        for (i, p) in places.enumerated() where !seen.insert(p.name).inserted {
            throw InputError(
                file: file, line: line, field: field.isEmpty ? "" : "\(field)[\(i)].name",
                problem: "the place name \"\(p.name)\" appears twice")
        }
    }
}
