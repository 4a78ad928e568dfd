import Testing

@testable import Reporting

/// Tick values worked by hand from the documented rule: raw step = range / target; step = smallest of
/// {1, 2, 5} × 10^k not below it; range widened outward to whole steps. Log axes: whole decades.
@Suite struct ChartAxisTests {
    // MARK: - Linear

    @Test func zeroToNinetySeven() throws {
        // 97 / 5 = 19.4 → step 20; ceil(97 / 20) = 5 → 0…100.
        let axis = try ChartAxis.linear(dataMin: 0, dataMax: 97, targetTickCount: 5)
        #expect(axis.ticks == [0, 20, 40, 60, 80, 100])
        #expect(axis.lower == 0 && axis.upper == 100)
    }

    @Test func unitInterval() throws {
        // 1 / 5 = 0.2 → step 0.2 (multiplier 2 × 10^-1); ticks are i × 2 / 10, the doubles nearest the decimals.
        let axis = try ChartAxis.linear(dataMin: 0, dataMax: 1, targetTickCount: 5)
        #expect(axis.ticks == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test func straddlingZero() throws {
        // 15.9 / 5 = 3.18 → step 5; floor(-3.7 / 5) = -1, ceil(12.2 / 5) = 3 → -5…15.
        let axis = try ChartAxis.linear(dataMin: -3.7, dataMax: 12.2, targetTickCount: 5)
        #expect(axis.ticks == [-5, 0, 5, 10, 15])
    }

    @Test func smallDecimals() throws {
        // 0.0123…0.0456: 0.0333 / 5 = 0.00666 → step 0.01 (the 10 case rolls over to 1 × 10^-2); 0.01…0.05.
        let axis = try ChartAxis.linear(dataMin: 0.0123, dataMax: 0.0456, targetTickCount: 5)
        #expect(axis.ticks == [0.01, 0.02, 0.03, 0.04, 0.05])
        #expect(try ChartCanvas.tickLabels(axis, context: "t") == ["0.01", "0.02", "0.03", "0.04", "0.05"])
    }

    @Test func singleValueIsPadded() throws {
        // 5…5 is padded by 10 % to 4.5…5.5; 1 / 5 = 0.2 → step 0.2; floor(22.5) = 22, ceil(27.5) = 28 → 4.4…5.6.
        let axis = try ChartAxis.linear(dataMin: 5, dataMax: 5, targetTickCount: 5)
        #expect(axis.ticks == [4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6])
        // Zero is padded by ±1: 2 / 5 = 0.4 → step 0.5 → -1…1.
        let zero = try ChartAxis.linear(dataMin: 0, dataMax: 0, targetTickCount: 5)
        #expect(zero.ticks == [-1, -0.5, 0, 0.5, 1])
    }

    @Test func linearFraction() throws {
        let axis = try ChartAxis.linear(dataMin: 0, dataMax: 97, targetTickCount: 5)
        #expect(axis.fraction(25) == 0.25)
        #expect(axis.fraction(100) == 1)
    }

    @Test func rejectsOverflowingRange() {
        #expect(throws: ReportingError.self) {
            try ChartAxis.linear(dataMin: -Double.greatestFiniteMagnitude, dataMax: .greatestFiniteMagnitude)
        }
    }

    // MARK: - Logarithmic

    @Test func logDecades() throws {
        // 0.003 lies in [10^-3, 10^-2), 470 in (10^2, 10^3] → decades -3…3.
        let axis = try ChartAxis.log10(dataMin: 0.003, dataMax: 470)
        #expect(axis.ticks == [0.001, 0.01, 0.1, 1, 10, 100, 1000])
        let labels = try ChartCanvas.tickLabels(axis, context: "t")
        #expect(labels == ["0.001", "0.01", "0.1", "1", "10", "100", "1000"])
        // 6 decades: more than 4, so no minor gridlines.
        #expect(axis.minorTicks.isEmpty)
    }

    @Test func logExactPowersStayOnTheirDecade() throws {
        // 1 and 100 are exact decades: the axis is 1…100, with minor lines at 2…9 and 20…90.
        let axis = try ChartAxis.log10(dataMin: 1, dataMax: 100)
        #expect(axis.ticks == [1, 10, 100])
        #expect(axis.minorTicks == [2, 3, 4, 5, 6, 7, 8, 9, 20, 30, 40, 50, 60, 70, 80, 90])
        // log10 10 is half-way between log10 1 and log10 100.
        #expect(abs(axis.fraction(10) - 0.5) < 1e-15)
    }

    @Test func logSingleValueIsPadded() throws {
        #expect(try ChartAxis.log10(dataMin: 10, dataMax: 10).ticks == [1, 10, 100])
    }

    @Test func logManyDecadesAreThinned() throws {
        // -10…10 is 20 decades; at most 8 labelled → step ceil(20 / 8) = 3, aligned to multiples of 3: -12…12.
        let axis = try ChartAxis.log10(dataMin: 1e-10, dataMax: 1e10, maximumLabelledDecades: 8)
        #expect(axis.ticks == [1e-12, 1e-9, 1e-6, 1e-3, 1, 1e3, 1e6, 1e9, 1e12])
        #expect(try ChartCanvas.tickLabels(axis, context: "t").first == "1e-12")
    }

    @Test func logRejectsNonPositive() {
        #expect(throws: ReportingError.self) { try ChartAxis.log10(dataMin: 0, dataMax: 10) }
    }
}

/// A fitted log axis ends at 1, 2 or 5 × 10^k just outside the data (issue 30: the Allan chart's τ axis ran to
/// 100 s for a curve ending at 10.2 s). By hand: 0.01…10.2 spans decades −2…2; the largest of 5, 2, 1 × 10^−2 at
/// or below 0.01 is 0.01, the smallest of 1, 2, 5 × 10^1 or 10^2 at or above 10.2 is 20.
@Suite struct FittedLogAxisTests {
    @Test func endsNearTheData() throws {
        let axis = try ChartAxis.log10(dataMin: 0.01, dataMax: 10.2, fitted: true)
        #expect(axis.lower == 0.01 && axis.upper == 20)
        #expect(axis.ticks == [0.01, 0.1, 1, 10])
        #expect(axis.minorTicks.allSatisfy { $0 > 0.01 && $0 < 20 })
        // 0.00093…0.06: lower 5 × 10^−4, upper 0.1 (the decade itself: 0.06 > 5 × 10^−2).
        let y = try ChartAxis.log10(dataMin: 0.00093, dataMax: 0.06, fitted: true)
        #expect(y.lower == 0.0005 && y.upper == 0.1)
        // One decade or less: unchanged (whole decades), as without `fitted`.
        #expect(try ChartAxis.log10(dataMin: 2, dataMax: 8, fitted: true) == ChartAxis.log10(dataMin: 2, dataMax: 8))
    }
}

/// Coincident series are drawn once under one legend entry; others stay apart (issue 30: the geofence chart's
/// hysteresis line lay exactly under the naive one).
@Suite struct CoincidentSeriesTests {
    @Test func coincidentSeriesMerge() {
        let a = ChartSeries(name: "naive", points: [ChartPoint(x: 1, y: 0.9), ChartPoint(x: 2, y: 0.1)], layer: 1)
        let b = ChartSeries(name: "hysteresis", points: [ChartPoint(x: 1, y: 0.9), ChartPoint(x: 2, y: 0.1)])
        // On a height of 0.8 the tolerance is 2.5% = 0.02: 0.015 apart → merged; 0.05 apart → not.
        let c = ChartSeries(name: "gated", points: [ChartPoint(x: 1, y: 0.885), ChartPoint(x: 2, y: 0.1)])
        let d = ChartSeries(name: "dwell", points: [ChartPoint(x: 1, y: 0.85), ChartPoint(x: 2, y: 0.1)])
        let merged = LineChart.mergingCoincident([a, b, c, d])
        #expect(merged.map(\.name) == ["naive = hysteresis = gated (within 2.5% of the axis)", "dwell"])
        #expect(merged[0].layer == 1 && merged[0].points == a.points)
    }
}

/// A legend entry wider than the canvas is shortened with "…" to fit (issue 30: a scribble setting's full label ran
/// off the right edge); entries that fit are left whole.
@Suite struct LongLegendTests {
    @Test func longEntriesAreShortenedToFit() {
        let long = ChartCanvas.LegendItem(
            name: String(repeating: "requiredReversals 6, ", count: 8), symbol: .marker(color: "#000", marker: .circle))
        let short = ChartCanvas.LegendItem(name: "naive", symbol: .marker(color: "#000", marker: .circle))
        let rows = ChartCanvas.legendRows([long, short], availableWidth: 400)
        let names = rows.flatMap { $0.map(\.item.name) }
        #expect(names[0].hasSuffix("…") && names[0].count < long.name.count)
        #expect(names[1] == "naive")
        #expect(rows.flatMap { $0 }.allSatisfy { $0.width <= 400 })
    }
}
