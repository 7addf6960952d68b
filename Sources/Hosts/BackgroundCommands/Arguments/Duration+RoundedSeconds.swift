extension Duration {
    /// `seconds` to the nearest millisecond, as commands read a decimal number of seconds.
    public static func seconds(roundedToMilliseconds seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
