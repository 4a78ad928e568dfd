import DetectionCore
import FileFormats
import Foundation

/// The places a geofence scenario watches, with named variants (alternative coordinates for some places).
///
/// A scenario's `places` is a path (relative to the scenario's folder) to a places JSON file
/// (`{"name", "description", "source", "places": [{"name", "latitude", "longitude"}], "variants": {…}}`), to a
/// GPX file or a folder of GPX files (see ``gpxPlaces(_:field:)``: each point a place, named by its `<name>`,
/// else by its file's name), an array of such GPX paths, or an inline array of
/// `{"name", "latitude", "longitude"}` objects. A variant replaces the coordinates of places it names.
package struct PlaceSet: Sendable {
    /// The variant name that means "no replacement".
    package static let baseVariant = "base"

    /// Where the places came from, for reports.
    package let source: String
    /// The places as given.
    package let places: [Place]
    /// Replacement places per variant name.
    package let variants: [String: [Place]]
    /// Variant descriptions.
    package let variantDescriptions: [String: String]

    /// The places with a variant's replacements applied (`base`: unchanged).
    ///
    /// - Parameter variant: a variant name.
    /// - Returns: the places, in the same order; `nil` for an unknown variant.
    package func places(variant: String) -> [Place]? {
        if variant == PlaceSet.baseVariant { return places }
        guard let replacements = variants[variant] else { return nil }
        return places.map { p in replacements.first { $0.name == p.name } ?? p }
    }

    // MARK: - Reading

    /// Reads the `places` field of a scenario.
    ///
    /// - Parameters:
    ///   - field: a path string or an inline array.
    ///   - folder: the scenario's folder, for relative paths (then ``ReferenceSearchPath``).
    /// - Returns: the place set (at least one place, names unique).
    /// - Throws: ``InputError`` naming the file, line and field.
    package static func read(_ field: JSONField, folder: URL) throws(InputError) -> PlaceSet {
        try ReferenceSearchPath.reading(referredToBy: field, as: "places file") { () throws(InputError) -> PlaceSet in
            try readUnreferenced(field, folder: folder)
        }
    }

    /// ``read(_:folder:)`` without the reference added to errors.
    private static func readUnreferenced(_ field: JSONField, folder: URL) throws(InputError) -> PlaceSet {
        if case .string(let path) = field.node.value {
            guard !path.isEmpty else { throw field.error("must not be empty") }
            let lookup = ReferenceSearchPath.resolve(path, beside: folder, foldersToo: true)
            guard let url = lookup.found else {
                throw InputError(
                    .missingFile, file: field.file, line: field.node.line, field: field.path,
                    problem: "no places file or folder \"\(path)\" (looked for \(lookup.lookedIn))")
            }
            var isFolder: ObjCBool = false
            if path.lowercased().hasSuffix(".gpx")
                || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
            {
                let places = try gpxPlaces([url.path], field: field)
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
                            problem: "\"\(p.name)\" is not one of the places"
                                + KeySuggestion.didYouMean(p.name, among: places.map(\.name)))
                    }
                    variants[key] = replacements
                    try entry.finish()
                }
                try v.finish()
            }
            try r.finish()
            return PlaceSet(source: path, places: places, variants: variants, variantDescriptions: descriptions)
        }
        // An array of paths: GPX files or folders of them, one place set.
        if case .array(let elements) = field.node.value, case .string = elements.first?.value {
            var paths: [String] = []
            for element in try field.array(count: 1...10_000) {
                let path = try element.nonEmptyString(maximumLength: 4096)
                let lookup = ReferenceSearchPath.resolve(path, beside: folder, foldersToo: true)
                guard let url = lookup.found else {
                    throw InputError(
                        .missingFile, file: element.file, line: element.node.line, field: element.path,
                        problem: "no GPX file or folder \"\(path)\" (looked for \(lookup.lookedIn))")
                }
                paths.append(url.path)
            }
            let places = try gpxPlaces(paths, field: field)
            return PlaceSet(
                source: paths.count == 1 ? paths[0] : "\(paths.count) GPX sources", places: places, variants: [:], variantDescriptions: [:])
        }
        let places = try readList(field)
        try refuseDuplicateNames(places, file: field.file, line: field.node.line, field: field.path)
        return PlaceSet(source: "inline", places: places, variants: [:], variantDescriptions: [:])
    }

    /// The places of GPX files and folders of GPX files (each folder's `*.gpx`, not its subfolders, in byte order
    /// of their names so the set never depends on the file system's listing order).
    ///
    /// Every `wpt`, `rtept` and `trkpt` becomes a place (no `<time>` needed), named by its `<name>`; a point
    /// without one is named by its file's name without `.gpx` ("1920 Commons.gpx" → "1920 Commons") when it is
    /// the file's only point, else "<file name> N" (N its 1-based position in the file). Names must be unique.
    static func gpxPlaces(_ paths: [String], field: JSONField) throws(InputError) -> [Place] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw InputError(.missingFile, file: path, problem: "no such file or folder (\(field.path) in \(field.file))")
            }
            if isFolder.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path)
                } catch {
                    throw InputError(.missingFile, file: path, problem: "cannot be listed")
                }
                let gpx = names.filter { $0.lowercased().hasSuffix(".gpx") }
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                guard !gpx.isEmpty else { throw InputError(file: path, problem: "is a folder without .gpx files") }
                files += gpx.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
            } else {
                files.append(path)
            }
        }
        var places: [Place] = []
        var origin: [String: String] = [:]
        for file in files {
            let points = try GPXReader.read(path: file)
            guard !points.isEmpty else { throw InputError(file: file, problem: "has no wpt, rtept or trkpt points") }
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            for (i, p) in points.enumerated() {
                let name = p.name ?? (points.count == 1 ? stem : "\(stem) \(i + 1)")
                if let other = origin[name] {
                    throw InputError(
                        file: file, line: p.line,
                        problem: "the place name \"\(name)\" appears twice (also in \(other))")
                }
                origin[name] = file
                places.append(Place(name: name, coordinate: p.coordinate))
            }
        }
        guard places.count <= 10_000 else { throw field.error("more than 10000 places") }
        return places
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
