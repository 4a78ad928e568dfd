// MARK: - Foundation-shaped error text

extension Error {
    /// A description of the error, as Foundation adds to every `Error` (here the error's own description).
    public var localizedDescription: String { String(describing: self) }
}
