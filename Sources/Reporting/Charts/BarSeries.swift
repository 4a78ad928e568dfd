/// One series of a ``BarChart``: a value per category.
package struct BarSeries: Sendable, Equatable {
    /// The legend entry.
    package var name: String
    /// One value per category, in the chart's category order (negative values draw downward from zero).
    package var values: [Double]
    /// Palette slot; nil uses the series' position.
    package var colorIndex: Int?

    /// Creates a series.
    package init(name: String, values: [Double], colorIndex: Int? = nil) {
        self.name = name
        self.values = values
        self.colorIndex = colorIndex
    }
}
