import BackgroundWire

/// Taps on the app's screen by name — the command line's and the web UI's `whatever play`,
/// `audio next`, … — which reach the app as messages, in whichever process its code runs.
extension Device {
    /// Taps `name` on the app's screen with `arguments`, as a user would: the app's handler
    /// for it (`Application/handleTaps(named:_:)`) runs on its main executor, and its answer
    /// comes back. An app that is not on screen gets no tap (`AppCommandResult/notOnScreen(_:)`),
    /// and one that ends before answering answers `AppCommandResult/notOnScreen(_:)` with
    /// `notRunning`.
    public func tap(_ name: String, _ arguments: [String] = []) async -> AppCommandResult {
        let id = taps.makeID()
        return await withCheckedContinuation { continuation in
            taps.wait(for: id, continuation)
            let refusal = handle { $0.tap(AppCommand(id: id, name: name, arguments: arguments), at: $1) }
            if let refusal { taps.answer(id, with: refusal) }
            settle()
        }
    }
}
