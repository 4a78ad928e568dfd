import Foundation

/// Writes a geofence scenario (and optional extra files) into a fresh temporary folder; returns the scenario path.
public func geofenceScenarioFile(_ json: String, extra: [String: String] = [:]) throws -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-geo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try json.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    for (name, text) in extra {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return (folder, folder.appendingPathComponent("s.json").path)
}

/// Two places 78.7 m apart (1920 Commons and Pret A Manger, from the course's GPX files).
public let twoPlacesJSON = """
    [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
     {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}]
    """

/// A small loiter scenario: distances around the 50 m rule, campus GPS, three checks.
public func smallGeofenceScenario(trials: Int = 6, distances: String = "[20, 80]", extra: String = "") -> String {
    """
    {
      "study": "geofence", "name": "g", "seed": 42, "trialsPerCell": \(trials),
      "places": \(twoPlacesJSON),
      "movement": {"kind": "loiter", "minutes": 2},
      "checks": [{"kind": "naive"}, {"kind": "consecutive"}, {"kind": "accuracy-aware"}],
      "grid": {"distanceMeters": \(distances), "environment": ["campus"]}\(extra)
    }
    """
}
