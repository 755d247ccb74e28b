import Foundation

/// UIKit's two-level index paths (section, then item or row), which Foundation on Linux lacks.
extension IndexPath {
    /// The path [section, item], as UIKit's `IndexPath(item:section:)` makes it.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The path [section, row] (UIKit's table-view spelling; the same path as `init(item:section:)`).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The section (the first index); 0 for an empty path.
    public var section: Int { count > 0 ? self[0] : 0 }
    /// The item (the second index); 0 when there is none.
    public var item: Int { count > 1 ? self[1] : 0 }
    /// The row: the same second index as `item` (UIKit's table-view name).
    public var row: Int { item }
}
