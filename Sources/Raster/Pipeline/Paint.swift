/// What a fill puts inside the shape: one colour or a gradient.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    /// Gradient geometry is in the same user space as the path and follows its transform.
    case gradient(Gradient)
}
