import Foundation

/// `emitterCells.NAME.PROPERTY` key paths: a cell reached by its `name` (through sub-cells as
/// `emitterCells.NAME.emitterCells.NAME2.PROPERTY`), read and written with key-value coding and
/// animated by a `CABasicAnimation`/`CAKeyframeAnimation` on the emitter layer — iOS's way to turn
/// a running fire down (`"emitterCells.fire.birthRate"`).
///
/// An animation writes the cell's value for the frame only (`presentedCells`), never the cell:
/// the simulation reads a copy of the cell with the animated values that frame, so removing the
/// animation shows the model value again, as for any layer property.
///
/// Decisions where Apple is vague: the first cell with the name is taken (in `emitterCells`'
/// order); a path that names no cell is reported once per call and changes nothing; setting a
/// cell's value by key path runs no implicit animation (no action is looked up for it).
extension CAEmitterLayer {
    /// What a key path names: not a cell path at all, a cell path that names nothing (and why), a
    /// cell, or a property of a cell.
    enum CellPath {
        case notACellPath
        case missing(String)
        case cell(CAEmitterCell)
        case property(CAEmitterCell, String)
    }

    /// The prefix of every cell key path.
    static let cellPathPrefix = "emitterCells."

    /// Resolves `path` against the layer's cells.
    /// - Complexity: O(cells at each level it passes through).
    func resolveCellPath(_ path: String) -> CellPath {
        guard path.hasPrefix(Self.cellPathPrefix) else { return .notACellPath }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        var cells = emitterCells ?? []
        var i = 0
        var found: CAEmitterCell?
        while i + 1 < parts.count, parts[i] == "emitterCells" {
            let name = parts[i + 1]
            guard let cell = cells.first(where: { $0.name.map { $0[...] == name } ?? false }) else {
                return .missing("no cell named \"\(name)\"")
            }
            found = cell
            cells = cell.emitterCells ?? []
            i += 2
        }
        guard let cell = found else { return .missing("no cell name after \"emitterCells\"") }
        if i == parts.count { return .cell(cell) }
        guard i == parts.count - 1, !parts[i].isEmpty else { return .missing("\"\(parts[i...].joined(separator: "."))\" is not a cell property") }
        return .property(cell, String(parts[i]))
    }

    /// `setValue(_:forKey:)` for a cell path; false for other keys.
    func setCellValue(_ value: Any?, forKey key: String) -> Bool {
        switch resolveCellPath(key) {
        case .notACellPath:
            return false
        case .missing(let why):
            CAEngine.current.report("CAEmitterLayer.setValue(_:forKeyPath: \"\(key)\"): \(why); nothing changed")
        case .cell:
            CAEngine.current.report("CAEmitterLayer.setValue(_:forKeyPath: \"\(key)\"): a cell is replaced through emitterCells, not by key path; nothing changed")
        case .property(let cell, let property):
            cell.setValue(value, forKey: property)
            CAEngine.current.requestFrame()
        }
        return true
    }

    /// `value(forKey:)` for a cell path: `emitterCells.NAME` gives the cell, `.PROPERTY` its value
    /// (on a presentation layer, the value an animation shows), `.some(nil)` for a path that names
    /// no cell; nil for other keys.
    func cellValue(forKey key: String) -> Any?? {
        switch resolveCellPath(key) {
        case .notACellPath: return nil
        case .missing: return .some(nil)
        case .cell(let cell): return .some(cell)
        case .property(let cell, let property):
            if let shown = presentedCells[key], let row = EmitterCellProperty.row(property), let plain = Self.plain(shown, like: row.plain(cell)) {
                return .some(plain)
            }
            return .some(cell.value(forKey: property))
        }
    }

    /// An animated value as the Swift type of the cell's accessor (`Float` for a `Float` property).
    private static func plain(_ v: AnimationValue, like model: Any?) -> Any? {
        switch (v, model) {
        case (.number(let n), is Float): return Float(n)
        case (.number(let n), is Double): return n
        default: return v.plainValue
        }
    }

    /// The presented value of a cell path (the animated value this frame, else the cell's); nil for
    /// a path that names no cell property.
    func presentedCellValue(_ path: String) -> AnimationValue? {
        if let shown = presentedCells[path] { return shown }
        guard case .property(let cell, let property) = resolveCellPath(path), let row = EmitterCellProperty.row(property) else { return nil }
        return row.read(cell)
    }

    /// Copies of the cells animations changed this frame, with the animated values written in,
    /// by the identity of the cell they stand for. Paths that name nothing, properties that do
    /// not animate and values of another kind are reported once per layer and skipped.
    /// - Complexity: O(animated paths × cells on their way).
    func animatedCellCopies() -> [ObjectIdentifier: CAEmitterCell] {
        guard !presentedCells.isEmpty else { return [:] }
        var copies: [ObjectIdentifier: CAEmitterCell] = [:]
        for (path, value) in presentedCells.sorted(by: { $0.key < $1.key }) {
            guard case .property(let cell, let property) = resolveCellPath(path), let row = EmitterCellProperty.row(property), row.animatable else {
                reportOnce("CAEmitterLayer: the animation of \"\(path)\" animates nothing (no such cell, or not an animatable cell property); it is ignored")
                continue
            }
            let id = ObjectIdentifier(cell)
            let copy = copies[id] ?? cell.copy()
            if !row.write(copy, value) {
                reportOnce("CAEmitterLayer: the animation of \"\(path)\" gives values that are not \(row.kind) values; they are ignored")
            }
            copies[id] = copy
        }
        return copies
    }
}
