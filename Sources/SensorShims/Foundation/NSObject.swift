// MARK: - Foundation-shaped root class

/// The root class app types inherit from (`class LocationManager: NSObject, CLLocationManagerDelegate`), as
/// Foundation's `NSObject`: an `init()` to override, and equality and hashing by identity.
open class NSObject: NSObjectProtocol, Hashable {
    /// A new object.
    public init() {}

    /// Identity, as `NSObject.isEqual(_:)` by default.
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The protocol Apple's delegate protocols refine (`CLLocationManagerDelegate: NSObjectProtocol`).
public protocol NSObjectProtocol: AnyObject {}
