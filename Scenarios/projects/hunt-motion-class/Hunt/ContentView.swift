import SwiftUI

struct ContentView: View {
    @StateObject private var model = ShakeService()
    @State private var selected: String? = nil

    var body: some View {
        NavigationStack {
            VStack(spacing: 12) {
                Text("Penn Dining Hunt").font(.largeTitle).bold()
                ForEach(halls) { hall in
                    Text(hall.name).foregroundStyle(.secondary)
                }
                
            }
            .padding()
            .onAppear { print("appeared") }
        }
    }
}

#Preview {
    ContentView()
}
