// MARK: - SwiftUI-shaped drag gesture value

/// The namespace of SwiftUI's drag gesture; only its `Value` exists here (the gesture itself belongs to views).
public struct DragGesture: Sendable {
    /// One drag update, as SwiftUI's `DragGesture.Value`, as far as it is plain data: time and positions.
    /// (SwiftUI's `velocity` and `predictedEnd…` are SwiftUI's own estimates and do not exist here.)
    public struct Value: Sendable, Equatable {
        /// When this update happened.
        public let time: Date
        /// The finger's position now, points.
        public let location: CGPoint
        /// Where the drag started, points.
        public let startLocation: CGPoint

        /// Total movement since the start: location − startLocation, points (SwiftUI's definition).
        public var translation: CGSize {
            CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        }

        /// An update (SwiftUI's has no public initialiser: the gesture makes them).
        ///
        /// - Parameters:
        ///   - time: when.
        ///   - location: position now, points.
        ///   - startLocation: position at the start, points.
        public init(time: Date, location: CGPoint, startLocation: CGPoint) {
            self.time = time
            self.location = location
            self.startLocation = startLocation
        }
    }
}
