import SplitMix

/// The deterministic generator randomized tests draw from, so they repeat exactly.
public typealias SeededRandom = SplitMix64
