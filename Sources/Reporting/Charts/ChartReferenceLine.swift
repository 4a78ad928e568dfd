/// A labelled horizontal or vertical line across a ``LineChart``'s plot: a limit or a target that the data are
/// judged by (a recall target, a false-alarm limit), drawn dashed in grey behind the data, with its label inside
/// the plot next to the line. The axis range is widened to include the line's value.
package struct ChartReferenceLine: Sendable, Equatable {
    /// Which way the line runs.
    package enum Orientation: Sendable, Equatable {
        /// At a y value, across the plot.
        case horizontal
        /// At an x value, from bottom to top.
        case vertical
    }

    /// Horizontal (at a y value) or vertical (at an x value).
    package var orientation: Orientation
    /// The value on the y axis (horizontal) or the x axis (vertical), in data units.
    package var value: Double
    /// The label, e.g. "recall target 90%".
    package var label: String

    /// Creates a reference line.
    package init(_ orientation: Orientation, at value: Double, label: String) {
        self.orientation = orientation
        self.value = value
        self.label = label
    }
}
