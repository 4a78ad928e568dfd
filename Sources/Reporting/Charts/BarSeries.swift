/// One series of a ``BarChart``: a value per category.
public struct BarSeries: Sendable, Equatable {
    /// The legend entry.
    public var name: String
    /// One value per category, in the chart's category order (negative values draw downward from zero).
    public var values: [Double]
    /// Palette slot; nil uses the series' position.
    public var colorIndex: Int?

    /// Creates a series.
    public init(name: String, values: [Double], colorIndex: Int? = nil) {
        self.name = name
        self.values = values
        self.colorIndex = colorIndex
    }
}
