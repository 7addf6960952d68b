extension CMTime {
    /// `duration`, in nanoseconds.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self.init(value: seconds * 1_000_000_000 + attoseconds / 1_000_000_000, timescale: 1_000_000_000)
    }

    /// The time as a `Duration`, to the attosecond; zero when it is not numeric.
    var duration: Duration {
        guard isNumeric else { return .zero }
        return .seconds(value) / Int(timescale)
    }
}
