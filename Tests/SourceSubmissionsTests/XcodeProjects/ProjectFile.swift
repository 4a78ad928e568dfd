// MARK: - project.pbxproj files as Xcode writes them, generated for the test projects

/// Writes a `project.pbxproj` with an app target and a unit-test target, in the shape Xcode 15 (groups and a
/// Sources build phase) or Xcode 16 and later (a synchronized folder) writes.
enum ProjectFile {
    struct Settings {
        var swiftVersion = "5.0"
        /// `SWIFT_DEFAULT_ACTOR_ISOLATION`, nil to leave it out.
        var isolation: String? = nil
        var upcomingFeatures: [String] = []
        /// Xcode 16 style: the app folder is a synchronized root group.
        var synchronized = false
        /// Files of the app folder that are not members of the app target (synchronized style only).
        var excluded: [String] = []
    }

    /// `appFiles` relative to the app folder `app`; the test target's file is `<app>Tests/<app>Tests.swift`.
    static func text(app: String, appFiles: [String], settings: Settings) -> String {
        var next = 0
        func id() -> String {
            next += 1
            return "A1B2C3D4E5F6"
                + String(String(next, radix: 16, uppercase: true).reversed()).padding(toLength: 12, withPad: "0", startingAt: 0)
        }
        let project = id(), mainGroup = id(), appGroup = id(), testGroup = id(), appTarget = id(), testTarget = id()
        let appSources = id(), testSources = id(), appConfigs = id(), testConfigs = id(), projectConfigs = id()
        let appRelease = id(), appDebug = id(), testRelease = id(), projectRelease = id(), exceptions = id()
        let testFileRef = id(), testBuildFile = id()
        var objects: [String] = []
        var appBuildFiles: [String] = []
        var appChildren: [String] = []
        if !settings.synchronized {
            for f in appFiles {
                let ref = id(), build = id()
                objects.append(
                    "\(ref) /* \(f) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"\(f)\"; sourceTree = \"<group>\"; };"
                )
                objects.append("\(build) /* \(f) in Sources */ = {isa = PBXBuildFile; fileRef = \(ref) /* \(f) */; };")
                appBuildFiles.append(build)
                appChildren.append(ref)
            }
            objects.append(
                "\(appGroup) /* \(app) */ = {isa = PBXGroup; children = (\(appChildren.map { $0 + "," }.joined(separator: " "))); path = \(app); sourceTree = \"<group>\"; };"
            )
        } else {
            let exceptionList = settings.excluded.isEmpty ? "" : "exceptions = (\(exceptions), );"
            objects.append(
                "\(appGroup) /* \(app) */ = {isa = PBXFileSystemSynchronizedRootGroup; \(exceptionList) path = \(app); sourceTree = \"<group>\"; };"
            )
            if !settings.excluded.isEmpty {
                objects.append(
                    "\(exceptions) = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (\(settings.excluded.map { "\"\($0)\"," }.joined(separator: " "))); target = \(appTarget); };"
                )
            }
        }
        objects.append("\(testFileRef) = {isa = PBXFileReference; path = \(app)Tests.swift; sourceTree = \"<group>\"; };")
        objects.append("\(testBuildFile) = {isa = PBXBuildFile; fileRef = \(testFileRef); };")
        objects.append("\(testGroup) = {isa = PBXGroup; children = (\(testFileRef), ); path = \(app)Tests; sourceTree = \"<group>\"; };")
        objects.append("\(mainGroup) = {isa = PBXGroup; children = (\(appGroup), \(testGroup), ); sourceTree = \"<group>\"; };")
        objects.append(
            "\(appSources) /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (\(appBuildFiles.map { $0 + "," }.joined(separator: " "))); runOnlyForDeploymentPostprocessing = 0; };"
        )
        objects.append("\(testSources) = {isa = PBXSourcesBuildPhase; files = (\(testBuildFile), ); };")
        let synced = settings.synchronized ? "fileSystemSynchronizedGroups = (\(appGroup) /* \(app) */, );" : ""
        objects.append(
            "\(appTarget) /* \(app) */ = {isa = PBXNativeTarget; buildConfigurationList = \(appConfigs); buildPhases = (\(appSources), ); \(synced) name = \(app); productName = \(app); productType = \"com.apple.product-type.application\"; };"
        )
        objects.append(
            "\(testTarget) = {isa = PBXNativeTarget; buildConfigurationList = \(testConfigs); buildPhases = (\(testSources), ); name = \(app)Tests; productType = \"com.apple.product-type.bundle.unit-test\"; };"
        )
        var appSettings = ["SWIFT_VERSION = \(settings.swiftVersion);", "PRODUCT_BUNDLE_IDENTIFIER = \"edu.upenn.\(app)\";"]
        if let i = settings.isolation { appSettings.append("SWIFT_DEFAULT_ACTOR_ISOLATION = \(i);") }
        for f in settings.upcomingFeatures { appSettings.append("SWIFT_UPCOMING_FEATURE_\(f) = YES;") }
        objects.append(
            "\(appRelease) /* Release */ = {isa = XCBuildConfiguration; buildSettings = { \(appSettings.joined(separator: " ")) }; name = Release; };"
        )
        objects.append("\(appDebug) /* Debug */ = {isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 4.2; }; name = Debug; };")
        objects.append("\(testRelease) = {isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 6.0; }; name = Release; };")
        objects.append(
            "\(projectRelease) = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; SWIFT_VERSION = 5.0; }; name = Release; };"
        )
        objects.append(
            "\(appConfigs) = {isa = XCConfigurationList; buildConfigurations = (\(appDebug) /* Debug */, \(appRelease) /* Release */, ); };"
        )
        objects.append("\(testConfigs) = {isa = XCConfigurationList; buildConfigurations = (\(testRelease), ); };")
        objects.append("\(projectConfigs) = {isa = XCConfigurationList; buildConfigurations = (\(projectRelease), ); };")
        objects.append(
            "\(project) /* Project object */ = {isa = PBXProject; buildConfigurationList = \(projectConfigs); mainGroup = \(mainGroup); targets = (\(appTarget) /* \(app) */, \(testTarget), ); };"
        )
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            \(objects.map { "\t\t" + $0 }.joined(separator: "\n"))
            \t};
            \trootObject = \(project) /* Project object */;
            }

            """
    }
}
