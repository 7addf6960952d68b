import BackgroundRuntime

extension TestDevice {
    /// The messages of the diagnostics reported under `rule`, oldest first.
    func diagnosticMessages(_ rule: DiagnosticRule) -> [String] {
        diagnostics.recent.filter { $0.rule == rule }.map(\.message)
    }
}
