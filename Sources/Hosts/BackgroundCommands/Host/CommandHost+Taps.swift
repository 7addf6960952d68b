import BackgroundRuntime

extension CommandHost {
    /// Taps the command's button on the app's screen with its words (``Device/tap(_:_:)``): the
    /// app's handler of the same name (``Application/handleTaps(named:_:)``) carries it out, in
    /// whichever process the app's code runs, and its answer is the command's.
    public func tap(_ arguments: CommandArguments) async throws(CommandError) -> CommandResult {
        try await tap(arguments.command, arguments.words, for: arguments)
    }

    /// Taps `name` on the app's screen with `words`, for the command `arguments` were read for:
    /// the screen's answer is the command's, a refusal its error (`location visits: …`), and an
    /// app off screen fails as ``CommandError/notOnScreen(_:)``.
    public func tap(_ name: String, _ words: [String] = [], for arguments: CommandArguments) async throws(CommandError) -> CommandResult {
        switch await device.tap(name, words) {
        case .done(let output?): return .output(output)
        case .done(nil): return .done
        case .refused(let reason): throw arguments.failure(reason)
        case .unhandled: throw arguments.failure("the app's screen has no \(name) button")
        case .notOnScreen(let state): throw .notOnScreen(state)
        }
    }
}
