import BackgroundRuntime

extension CommandHost {
    /// Taps the command's button on the app's screen with its words (``Device/tap(_:_:)``): the
    /// app's handler of the same name (``Application/handleTaps(named:_:)``) carries it out, in
    /// whichever process the app's code runs, and its answer is the command's.
    public func tap(_ arguments: CommandArguments) async throws(CommandError) -> CommandResult {
        switch await device.tap(arguments.command, arguments.words) {
        case .done(let output?): return .output(output)
        case .done(nil): return .done
        case .refused(let reason): throw .refused(reason)
        case .unhandled: throw arguments.failure("the app's screen has no such button")
        case .notOnScreen(let state): throw .notOnScreen(state)
        }
    }
}
