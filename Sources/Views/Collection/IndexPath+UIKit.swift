import Foundation

/// UIKit's two-level index paths (section, then item or row), which Foundation on Linux lacks.
extension IndexPath {
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// The section (the first index); 0 for an empty path.
    public var section: Int { count > 0 ? self[0] : 0 }
    /// The item (the second index); 0 when there is none.
    public var item: Int { count > 1 ? self[1] : 0 }
    public var row: Int { item }
}
