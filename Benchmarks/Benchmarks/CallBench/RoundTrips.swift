/// Round-trip times, in nanoseconds, and what they say.
struct RoundTrips {
    private let sorted: [Int64]

    init(nanoseconds: [Int64]) {
        sorted = nanoseconds.sorted()
    }

    /// The round trip that `fraction` of them take at most, in µs.
    func percentile(_ fraction: Double) -> Double {
        Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1000
    }

    /// "Call round trips: N, p50 X µs, p99 Y µs", which scripts/benchmark-call reads.
    var line: String {
        "Call round trips: \(sorted.count), p50 \(format(percentile(0.5))) µs, p99 \(format(percentile(0.99))) µs"
    }

    private func format(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
