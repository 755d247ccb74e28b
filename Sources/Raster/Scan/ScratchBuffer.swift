/// A manually managed, growable array of plain values for the hot loops' scratch space.
///
/// Swift arrays stored in a class pay a uniqueness check and bounds checks on every element write;
/// the scan converter and compositor touch their scratch millions of times per frame, so they use
/// raw storage that grows on demand and is reused across calls (no allocation once warm).
/// The owner frees it with `deallocate()`; contents are undefined after `reserve`.
struct ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }
    /// Makes room for `count` elements, discarding the contents when it has to grow.
    @inline(__always) mutating func reserve(_ count: Int) {
        if count > capacity { grow(count) }
    }
    /// Makes room for `count` elements, keeping the first `keeping` ones.
    mutating func reserve(_ count: Int, keeping: Int) {
        guard count > capacity else { return }
        let newCapacity = Swift.max(count, capacity * 2)
        let p = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        p.update(from: base, count: Swift.min(keeping, capacity))
        base.deallocate()
        base = p; capacity = newCapacity
    }
    private mutating func grow(_ count: Int) {
        base.deallocate()
        capacity = Swift.max(count, capacity * 2)
        base = .allocate(capacity: capacity)
    }
    func deallocate() { base.deallocate() }
}
