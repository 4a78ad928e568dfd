/// One data point of a ``ChartSeries``, with an optional vertical error bar.
package struct ChartPoint: Sendable, Equatable {
    /// Horizontal position, in the x axis's data units.
    package var x: Double
    /// Vertical position, in the y axis's data units.
    package var y: Double
    /// Lower end of the error bar (e.g. a confidence bound), or nil.
    package var yLow: Double?
    /// Upper end of the error bar, or nil.
    package var yHigh: Double?

    /// Creates a point; give `yLow`/`yHigh` to draw an error bar (one alone draws a bar from `y` to it).
    package init(x: Double, y: Double, yLow: Double? = nil, yHigh: Double? = nil) {
        self.x = x
        self.y = y
        self.yLow = yLow
        self.yHigh = yHigh
    }
}
