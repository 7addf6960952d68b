extension DiagnosticRule {
    /// The app read a file of class complete or completeUnlessOpen, or wrote a complete one,
    /// while protected data was unavailable (the device locked): iOS only returns an error
    /// (`NSCocoaErrorDomain` 257 or 513), which background code often ignores.
    public static let protectedDataUnavailable = DiagnosticRule(rawValue: "protected-data-unavailable")
}
