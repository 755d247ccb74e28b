import Foundation

/// Where a table's sections, headers, rows and footers lie, top to bottom: one list of heights —
/// per section its header, its rows, its footer — over `HeightSums`, so every question a frame
/// asks (what is at this offset, where is this row) costs O(log n) however long the table is.
struct TableGeometry {
    /// What one element of the flat list is.
    enum Element: Equatable {
        case header(Int)
        case row(IndexPath)
        case footer(Int)
    }

    /// The flat index of each section's header; one more entry, the element count, at the end.
    private(set) var sectionStart: [Int]
    /// The heights of every element, in order.
    var sums: HeightSums
    /// The table header view's height, above everything.
    var top: Double
    /// The table footer view's height, below everything.
    var bottom: Double
    /// Per element: whether its height is a measured one (false: an estimate still to correct).
    var measured: [Bool]

    /// A table of `rowCounts.count` sections; heights are asked element by element.
    /// - Complexity: O(sections + rows).
    init(rowCounts: [Int], top: Double = 0, bottom: Double = 0,
         header: (Int) -> Double, row: (IndexPath) -> (height: Double, measured: Bool), footer: (Int) -> Double) {
        var starts: [Int] = [], heights: [Double] = [], measured: [Bool] = []
        heights.reserveCapacity(rowCounts.reduce(0, +) + 2 * rowCounts.count)
        for (s, n) in rowCounts.enumerated() {
            starts.append(heights.count)
            heights.append(header(s)); measured.append(true)
            for r in 0..<n {
                let h = row(IndexPath(row: r, section: s))
                heights.append(h.height); measured.append(h.measured)
            }
            heights.append(footer(s)); measured.append(true)
        }
        starts.append(heights.count)
        sectionStart = starts
        sums = HeightSums(heights)
        self.top = top
        self.bottom = bottom
        self.measured = measured
    }

    /// The number of sections.
    var sectionCount: Int { sectionStart.count - 1 }
    /// The rows in `section` (0 for a section that does not exist).
    func rowCount(_ section: Int) -> Int {
        guard (0..<sectionCount).contains(section) else { return 0 }
        return sectionStart[section + 1] - sectionStart[section] - 2
    }
    /// The rows per section.
    var rowCounts: [Int] { (0..<sectionCount).map(rowCount) }
    /// Whether `ip` names a row of the table.
    func contains(_ ip: IndexPath) -> Bool { ip.count == 2 && (0..<rowCount(ip.section)).contains(ip.row) }

    /// The content's height.
    var contentHeight: Double { top + sums.total + bottom }

    /// The flat index of a row (which must exist).
    func flat(_ ip: IndexPath) -> Int { sectionStart[ip.section] + 1 + ip.row }
    /// The flat index of a section's header and footer.
    func headerIndex(_ s: Int) -> Int { sectionStart[s] }
    func footerIndex(_ s: Int) -> Int { sectionStart[s + 1] - 1 }

    /// What flat index `i` is. - Complexity: O(log sections).
    func element(_ i: Int) -> Element {
        // The last section whose header is at or before i.
        var lo = 0, hi = sectionCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionStart[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        if i == sectionStart[lo] { return .header(lo) }
        if i == sectionStart[lo + 1] - 1 { return .footer(lo) }
        return .row(IndexPath(row: i - sectionStart[lo] - 1, section: lo))
    }

    /// The top and height of flat element `i`, in content coordinates.
    func span(_ i: Int) -> (y: Double, height: Double) { (top + sums.prefix(i), sums.heights[i]) }
    /// A row's top and height.
    func span(_ ip: IndexPath) -> (y: Double, height: Double) { span(flat(ip)) }
    /// A section's top and height, header to footer.
    func sectionSpan(_ s: Int) -> (y: Double, height: Double) {
        let y = top + sums.prefix(sectionStart[s])
        return (y, top + sums.prefix(sectionStart[s + 1]) - y)
    }

    /// The flat indexes of the elements with some height between `minY` and `maxY`.
    /// - Complexity: O(log n + the elements returned).
    func elements(from minY: Double, to maxY: Double) -> Range<Int> {
        guard sums.count > 0, maxY > minY else { return 0..<0 }
        let first = sums.index(at: minY - top)
        var last = first
        while last + 1 < sums.count && top + sums.prefix(last + 1) < maxY { last += 1 }
        return first..<(last + 1)
    }
}
