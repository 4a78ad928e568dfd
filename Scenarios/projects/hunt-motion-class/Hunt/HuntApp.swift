import SwiftUI

@main
struct HuntApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
