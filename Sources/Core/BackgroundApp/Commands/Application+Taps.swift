import BackgroundWire

/// The app's side of the taps a script or the web UI asks for (``Device/tap(_:_:)``): each name
/// is handled by the closure the app registered for it, on the app's main executor, in
/// whichever process the app's code runs.
extension Application {
    /// Handles the taps named `name` with `handler`, which gets their words and returns what
    /// the tap has to say (nil for nothing), or throws the reason it is refused. A second
    /// registration for a name replaces the first.
    public func handleTaps(
        named name: String, _ handler: @escaping @AppMain ([String]) throws(AppCommandRefusal) -> String?
    ) {
        tapHandlers[name] = handler
    }

    /// Carries out `command` with its handler.
    func result(of command: AppCommand) -> AppCommandResult {
        guard let handler = tapHandlers[command.name] else { return .unhandled }
        do throws(AppCommandRefusal) {
            return .done(try handler(command.arguments))
        } catch {
            return .refused(error.reason)
        }
    }
}
