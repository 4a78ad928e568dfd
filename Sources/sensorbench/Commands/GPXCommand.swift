/// `sensorbench gpx`: the group of GPX commands (today `gpx export`).
enum GPXCommand: SubcommandGroup {
    static let name = "gpx"
    static let summary = "Export a geofence scenario's fixes as GPX for Xcode."
    static var subcommands: [any CommandDeclaration.Type] { [GPXExportCommand.self] }
}
