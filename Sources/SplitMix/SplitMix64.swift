/// SplitMix64 (Steele, Lea and Flood, 2014): a small deterministic generator, so the same seed gives
/// the same numbers on every machine and every run.
///
/// One copy for everything that needs repeatable "random" values: the painted city pictures
/// (`city-images`), the fuzzer's cases (`flipbook-fuzz`), scenes whose renders must stay
/// byte-identical, and randomized tests. Not for anything that needs unpredictability.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's whole state; the next value depends on nothing else.
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in 0..<1 from the top 53 bits of the next value.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform value in `lo..<hi`.
    public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
}
