extension Duration {
    /// The duration in seconds as a console line shows it: `600`, `1.5`.
    public var secondsText: String {
        let (seconds, attoseconds) = components
        return attoseconds == 0 ? String(seconds) : String(self.seconds)
    }
}
