import BackgroundWire

/// Taps on the app's screen that a script or the web UI asks for by name. Backgrounder's model:
/// a tap needs the app on screen, as a finger does.
extension SystemStateMachine {
    /// Delivers `command` to the app on screen; nil then, else why it was not delivered.
    mutating func tap(_ command: AppCommand, at moment: Moment) -> (AppCommandResult?, [SystemEffect]) {
        begin(moment)
        guard appState.isForeground else { return (.notOnScreen(appState), finish()) }
        deliver(.command(command))
        return (nil, finish())
    }
}
