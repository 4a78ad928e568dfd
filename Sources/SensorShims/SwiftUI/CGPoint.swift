// MARK: - Core Graphics-shaped geometry

/// Screen lengths in points. Apple's `CGFloat` is a struct wrapping a Double on 64-bit devices; here it is
/// `Double` itself, so arithmetic compiles the same (`CGFloat(x)`, `x * 2`), but `.native` does not exist.
public typealias CGFloat = Double

/// A position in points, as Core Graphics' `CGPoint`.
public struct CGPoint: Sendable, Equatable {
    /// Horizontal position, points (to the right).
    public var x: CGFloat
    /// Vertical position, points (downwards in UIKit and SwiftUI).
    public var y: CGFloat

    /// The origin.
    public static let zero = CGPoint()

    /// The origin, as the C struct's zero initialiser.
    public init() {
        x = 0
        y = 0
    }

    /// A point.
    ///
    /// - Parameters:
    ///   - x: points.
    ///   - y: points.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
}

/// A width and height in points, as Core Graphics' `CGSize` (SwiftUI's drag translation).
public struct CGSize: Sendable, Equatable {
    /// Horizontal extent, points.
    public var width: CGFloat
    /// Vertical extent, points.
    public var height: CGFloat

    /// Zero size.
    public static let zero = CGSize()

    /// Zero size, as the C struct's zero initialiser.
    public init() {
        width = 0
        height = 0
    }

    /// A size.
    ///
    /// - Parameters:
    ///   - width: points.
    ///   - height: points.
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }
}
