/// An unknown the solver finds a value for: a view's edge, a width, a constant being animated.
///
/// A reference type so the same variable can appear in many constraints and be compared by
/// identity; its `value` is written by `Solver.updateVariables()` (or read at any time through
/// `Solver.value(of:)`). A variable may be used by several solvers; each keeps its own value for it,
/// and `value` holds whichever one updated it last.
public final class Variable {
    /// A name for messages and debugging; the solver never reads it.
    public let name: String

    /// The value from the last `Solver.updateVariables()` that included this variable. Default: 0.
    public internal(set) var value: Double = 0

    /// The symbol the last solver that took this variable gave it: a guess that saves a dictionary
    /// lookup per term (a first solve of the 820-constraint screen made 2,400), checked by the
    /// solver against its own table (another solver's symbol fails the check). -1 until then.
    @exclusivity(unchecked) var symbolHint: Int32 = -1

    /// A variable named `name` (default: empty), with value 0.
    public init(_ name: String = "") {
        self.name = name
    }
}

extension Variable: CustomStringConvertible {
    /// The name, or `v` and the object's address when the name is empty.
    public var description: String {
        name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name
    }
}
