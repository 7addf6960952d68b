import BackgroundWire

/// A small, fast random number generator that a seed makes repeat exactly (SplitMix64): the
/// fetch scheduler's jitter, the VoIP reconnect backoff and the content server's generated
/// pages are the same for the same seed on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A duration drawn uniformly from `0 ..< bound` (zero when `bound` is not positive),
    /// in whole milliseconds.
    mutating func duration(below bound: Duration) -> Duration {
        let milliseconds = Int64(bound.seconds * 1000)
        guard milliseconds > 0 else { return .zero }
        return .milliseconds(Int64.random(in: 0..<milliseconds, using: &self))
    }
}
