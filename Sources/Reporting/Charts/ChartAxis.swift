import Foundation

/// One chart axis: its data range, tick values and the mapping from data to a 0…1 position.
///
/// Linear axes use "nice" 1-2-5 steps (the step is the smallest of 1, 2, 5 × 10^k at least range / target),
/// with the range widened outward to whole steps, so every data value lies inside and the end ticks are labelled.
/// Log axes run from the decade at or below the smallest value to the decade at or above the largest, with a tick
/// per decade (every n-th decade when there are many) and unlabelled minor gridlines at 2…9 × 10^k when few.
struct ChartAxis: Sendable, Equatable {
    // MARK: - Types

    /// Linear, base-10 logarithmic, or logarithmic with a separate place for zero (a broken axis).
    enum Kind: Sendable, Equatable {
        case linear, log10
        /// Zero at the start, then a gap (the break), then decades: for counts and rates where 0 is common and
        /// the positive values span decades.
        case log10WithZero
    }

    /// Share of a zero-and-log axis taken by the zero position and the break after it.
    static let zeroBandFraction = 0.1

    // MARK: - State

    /// The mapping.
    let kind: Kind
    /// The data value at the start of the axis.
    let lower: Double
    /// The data value at the end of the axis.
    let upper: Double
    /// Labelled tick values, ascending, from `lower` to `upper` (a fitted log axis may end between ticks).
    let ticks: [Double]
    /// Unlabelled minor gridline values (log axes spanning few decades), ascending.
    let minorTicks: [Double]

    // MARK: - Mapping

    /// The position of `value` along the axis: 0 at `lower`, 1 at `upper`.
    ///
    /// Linear: (v − lower) / (upper − lower). Log: (log10 v − log10 lower) / (log10 upper − log10 lower).
    func fraction(_ value: Double) -> Double {
        switch kind {
        case .linear:
            return (value - lower) / (upper - lower)
        case .log10:
            return (Foundation.log10(value) - Foundation.log10(lower))
                / (Foundation.log10(upper) - Foundation.log10(lower))
        case .log10WithZero:
            guard value > 0 else { return 0 }
            let logLower = Foundation.log10(ticks[1])
            return Self.zeroBandFraction + (1 - Self.zeroBandFraction) * (Foundation.log10(value) - logLower)
                / (Foundation.log10(upper) - logLower)
        }
    }

    // MARK: - Linear

    /// A linear axis covering `dataMin…dataMax` with about `targetTickCount` intervals.
    ///
    /// A zero-width range is padded (±10 % of the value, or ±1 around zero) so nothing divides by zero; a range
    /// too narrow for the value's precision is widened to 1e-9 of its magnitude.
    ///
    /// - Parameters:
    ///   - dataMin: The smallest value to show (finite).
    ///   - dataMax: The largest value to show (finite, ≥ dataMin).
    ///   - targetTickCount: Desired number of intervals, clamped to 1...20.
    ///   - context: Names the axis in errors.
    /// - Throws: ``ReportingError/invalidValue(context:reason:)`` when the range overflows a `Double`.
    static func linear(
        dataMin: Double, dataMax: Double, targetTickCount: Int = 5, context: String = "axis"
    ) throws(ReportingError) -> ChartAxis {
        var low = min(dataMin, dataMax)
        var high = max(dataMin, dataMax)
        guard low.isFinite, high.isFinite else { throw .nonFiniteValue(context: context) }
        guard (high - low).isFinite, low.magnitude < 1e300, high.magnitude < 1e300 else {
            throw .invalidValue(context: context, reason: "data range \(low)…\(high) is too wide to plot")
        }
        if low == high {
            let pad = low == 0 ? 1 : low.magnitude * 0.1
            low -= pad
            high += pad
        }
        let minimumWidth = max(low.magnitude, high.magnitude) * 1e-9
        if high - low < minimumWidth {
            let middle = low / 2 + high / 2
            low = middle - minimumWidth / 2
            high = middle + minimumWidth / 2
        }
        let target = Double(min(max(targetTickCount, 1), 20))
        let raw = (high - low) / target
        var exponent = Int(Foundation.floor(Foundation.log10(raw)))
        let normalized = raw / power10(exponent)
        // The smallest nice multiplier not below the raw step; the 1e-9 absorbs rounding in `normalized`.
        var multiplier = 10
        for candidate in [1, 2, 5] where normalized <= Double(candidate) * (1 + 1e-9) {
            multiplier = candidate
            break
        }
        if multiplier == 10 {
            multiplier = 1
            exponent += 1
        }
        let step = Double(multiplier) * power10(exponent)
        let firstIndex = Foundation.floor(low / step + 1e-9)
        let lastIndex = Foundation.ceil(high / step - 1e-9)
        guard firstIndex.magnitude < 1e15, lastIndex.magnitude < 1e15 else {
            throw .invalidValue(context: context, reason: "cannot place ticks on \(low)…\(high)")
        }
        // Each tick is index × multiplier scaled by an exact power of ten, not an accumulated sum, so 3 × 0.1
        // prints as 0.3 rather than 0.30000000000000004.
        let ticks = (Int(firstIndex)...Int(lastIndex)).map { index in
            scaled(Double(index * multiplier), exponent: exponent)
        }
        return ChartAxis(kind: .linear, lower: ticks[0], upper: ticks[ticks.count - 1], ticks: ticks, minorTicks: [])
    }

    // MARK: - Logarithmic

    /// A base-10 log axis covering `dataMin…dataMax` (both positive) in whole decades.
    ///
    /// With more than `maximumLabelledDecades` decades, ticks are placed every n-th decade (n the smallest integer
    /// that brings the count within the limit) and the range extends to a multiple of n. Data within one decade
    /// boundary (e.g. all values 10) is padded to the decade below and above.
    ///
    /// - Throws: ``ReportingError/invalidValue(context:reason:)`` for non-positive input (callers check first to
    ///   name the series) or values beyond 1e±300.
    ///
    /// With `fitted`, an axis of one-decade ticks spanning at least two decades ends at the nearest 1, 2 or 5 ×
    /// 10^k outside the data instead of the whole decade (τ up to 10.2 s ends at 20, not 100), so a curve that stops
    /// early does not leave a third of the plot empty; the labelled ticks are the decades inside.
    static func log10(
        dataMin: Double, dataMax: Double, maximumLabelledDecades: Int = 8, fitted: Bool = false, context: String = "axis"
    ) throws(ReportingError) -> ChartAxis {
        let low = min(dataMin, dataMax)
        let high = max(dataMin, dataMax)
        guard low.isFinite, high.isFinite else { throw .nonFiniteValue(context: context) }
        guard low > 0 else {
            throw .invalidValue(context: context, reason: "log axis needs positive values, got \(low)")
        }
        // The 1e-12 tolerance keeps exact powers of ten (log10 1000 = 3) on their own decade.
        var firstDecade = Int(Foundation.floor(Foundation.log10(low) + 1e-12))
        var lastDecade = Int(Foundation.ceil(Foundation.log10(high) - 1e-12))
        guard firstDecade >= -300, lastDecade <= 300 else {
            throw .invalidValue(context: context, reason: "values \(low)…\(high) are outside 1e-300…1e300")
        }
        if firstDecade == lastDecade {
            firstDecade -= 1
            lastDecade += 1
        }
        let limit = max(maximumLabelledDecades, 1)
        let decadeStep = max(1, (lastDecade - firstDecade + limit - 1) / limit)
        // Align ticks to multiples of the step so that 10^0 is a tick whenever it is in range.
        firstDecade = Int(Foundation.floor(Double(firstDecade) / Double(decadeStep))) * decadeStep
        lastDecade = Int(Foundation.ceil(Double(lastDecade) / Double(decadeStep))) * decadeStep
        let ticks = stride(from: firstDecade, through: lastDecade, by: decadeStep).map { power10($0) }
        var minor: [Double] = []
        if decadeStep == 1 && lastDecade - firstDecade <= 4 {
            for decade in firstDecade..<lastDecade {
                for multiple in 2...9 { minor.append(scaled(Double(multiple), exponent: decade)) }
            }
        }
        if fitted, decadeStep == 1, lastDecade - firstDecade >= 2 {
            // The largest of 1, 2, 5 × 10^firstDecade at or below the data, the smallest of 1, 2, 5 × 10^(last−1)
            // or 10^last at or above it.
            let lows = [5.0, 2, 1].map { scaled($0, exponent: firstDecade) }
            let highs = [1.0, 2, 5].map { scaled($0, exponent: lastDecade - 1) } + [power10(lastDecade)]
            let lower = lows.first { $0 <= low * (1 + 1e-12) } ?? ticks[0]
            let upper = highs.first { $0 >= high * (1 - 1e-12) } ?? ticks[ticks.count - 1]
            let inside = ticks.filter { $0 >= lower && $0 <= upper }
            if inside.count >= 2 {
                return ChartAxis(
                    kind: .log10, lower: lower, upper: upper, ticks: inside,
                    minorTicks: minor.filter { $0 > lower && $0 < upper })
            }
        }
        return ChartAxis(
            kind: .log10, lower: ticks[0], upper: ticks[ticks.count - 1], ticks: ticks,
            minorTicks: minor)
    }

    /// A log axis for `smallestPositive…dataMax` with zero placed before it, across a break: ticks are 0 and the
    /// decades of ``log10(dataMin:dataMax:maximumLabelledDecades:context:)``. `lower` is 0.
    ///
    /// - Parameters:
    ///   - smallestPositive: the smallest value above zero (nil when every value is 0: the axis shows 0 and
    ///     0.1…1).
    ///   - dataMax: the largest value (≥ 0).
    static func log10WithZero(
        smallestPositive: Double?, dataMax: Double, maximumLabelledDecades: Int = 8, context: String = "axis"
    ) throws(ReportingError) -> ChartAxis {
        let positive = smallestPositive ?? 0.1
        let log = try log10(
            dataMin: positive, dataMax: max(dataMax, positive), maximumLabelledDecades: maximumLabelledDecades,
            context: context)
        return ChartAxis(
            kind: .log10WithZero, lower: 0, upper: log.upper, ticks: [0] + log.ticks, minorTicks: log.minorTicks)
    }

    // MARK: - Exact powers of ten

    /// 10^exponent, correctly rounded: positive powers up to 10^22 are exact doubles, and a negative power is one
    /// correctly rounded division by an exact value.
    static func power10(_ exponent: Int) -> Double {
        exponent >= 0 ? Foundation.pow(10, Double(exponent)) : 1 / Foundation.pow(10, Double(-exponent))
    }

    /// `value × 10^exponent`, dividing for negative exponents so that e.g. 3 × 10^-1 is the double nearest 0.3.
    static func scaled(_ value: Double, exponent: Int) -> Double {
        exponent >= 0 ? value * Foundation.pow(10, Double(exponent)) : value / Foundation.pow(10, Double(-exponent))
    }
}
