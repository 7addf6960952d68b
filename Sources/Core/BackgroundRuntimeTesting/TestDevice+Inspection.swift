extension TestDevice {
    /// The recent diagnostics as the console shows them (`Diagnostic [rule]: …`), oldest first:
    /// what the device said the app did wrong.
    public var diagnosticMessages: [String] {
        diagnostics.recent.map(\.consoleMessage)
    }

    /// The console's recent lines (without their timestamps) that contain `text`.
    public func consoleLines(containing text: String) -> [String] {
        console.recentMessages.filter { $0.contains(text) }
    }
}
