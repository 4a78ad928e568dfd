/// A named sequence of points drawn by a ``LineChart``.
package struct ChartSeries: Sendable, Equatable {
    // MARK: - Types

    /// How the points are drawn.
    package enum Style: Sendable, Equatable {
        /// A line through the points, in the order given (no markers).
        case line
        /// Markers only (a scatter plot).
        case markers
        /// A line with a marker on each point.
        case lineAndMarkers
    }

    // MARK: - Properties

    /// The legend entry.
    package var name: String
    /// The points; lines connect them in this order (sort by x first for a function plot).
    package var points: [ChartPoint]
    /// Line, markers or both.
    package var style: Style
    /// Draws the line dashed (e.g. a fitted or theoretical curve next to measured points).
    package var dashed: Bool
    /// Palette slot (colour and marker shape); nil uses the series' position. Give a scatter series and its
    /// fitted line the same index to pair them visually.
    package var colorIndex: Int?
    /// Drawing layer: series of a higher layer are drawn after (above) those of a lower one, series of one layer
    /// in their order. The legend keeps the series order. Put the series a reader looks for first (the
    /// assignment's own check) on layer 1 so no other line can cover it.
    package var layer: Int
    /// Whether the legend lists the series (false for a second line of a group the legend names once).
    package var inLegend = true

    // MARK: - Creating

    /// Creates a series.
    package init(
        name: String, points: [ChartPoint], style: Style = .lineAndMarkers, dashed: Bool = false,
        colorIndex: Int? = nil, layer: Int = 0
    ) {
        self.name = name
        self.points = points
        self.style = style
        self.dashed = dashed
        self.colorIndex = colorIndex
        self.layer = layer
    }
}
