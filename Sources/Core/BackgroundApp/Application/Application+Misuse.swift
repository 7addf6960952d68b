import BackgroundWire

extension Application {
    /// Reports a misuse of an Apple-spelled API as the system's diagnostic `rule` — one console
    /// line, `[rule] message`, counted in `status` — as the runtime reports its own. The
    /// Apple-spelled modules call it where iOS would log and go on, or where the API does not
    /// exist in the device's iOS, and then answer with a harmless value rather than crash. Any
    /// thread may call it.
    package nonisolated func report(_ rule: DiagnosticRule, _ message: String) {
        system?.report(rule, message)
    }
}
