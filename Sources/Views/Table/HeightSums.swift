import Foundation

/// Heights in a row with their running sums kept in a Fenwick tree, so a table finds the element
/// at a content offset, an element's top, and changes one height in O(log n) — scrolling never
/// walks the list, and a self-sized row corrects its estimate without re-adding every height.
struct HeightSums {
    /// The heights, in order.
    private(set) var heights: [Double]
    private var tree: [Double]          // 1-based Fenwick tree over `heights`

    /// Sums of `heights` (each negative or non-finite height is taken as 0).
    /// - Complexity: O(n).
    init(_ heights: [Double]) {
        let h = heights.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        self.heights = h
        var t = [0.0] + h
        var i = 1
        while i < t.count {
            let parent = i + (i & -i)
            if parent < t.count { t[parent] += t[i] }
            i += 1
        }
        tree = t
    }

    /// The number of heights.
    var count: Int { heights.count }
    /// The sum of all heights.
    var total: Double { prefix(count) }

    /// The sum of the first `n` heights (clamped to 0…count). - Complexity: O(log n).
    func prefix(_ n: Int) -> Double {
        var i = min(max(n, 0), count), s = 0.0
        while i > 0 { s += tree[i]; i -= i & -i }
        return s
    }

    /// Sets height `index` to `value` (non-finite or negative: 0). - Complexity: O(log n).
    mutating func set(_ index: Int, _ value: Double) {
        guard heights.indices.contains(index) else { return }
        let v = value.isFinite && value > 0 ? value : 0
        let delta = v - heights[index]
        guard delta != 0 else { return }
        heights[index] = v
        var i = index + 1
        while i < tree.count { tree[i] += delta; i += i & -i }
    }

    /// The index of the element that covers `y` (the last whose top is at or above `y`): 0 for
    /// `y` before the first, `count - 1` past the end; -1 when empty. - Complexity: O(log n).
    func index(at y: Double) -> Int {
        guard count > 0 else { return -1 }
        // The largest n with prefix(n) <= y, found by descending the tree's powers of two.
        var pos = 0, left = y
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = pos + step
            if next <= count && tree[next] <= left { pos = next; left -= tree[next] }
            step /= 2
        }
        return min(pos, count - 1)
    }
}
