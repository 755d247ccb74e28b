/// How an animation's value stands outside its active interval (`CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing outside the active interval (default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The final value holds after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The initial value holds before the begin time.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}
public typealias CFTimeInterval = Double
