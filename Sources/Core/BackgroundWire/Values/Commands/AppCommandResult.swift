/// How a tap on the app's screen (`Device/tap(_:_:)`) ended.
public enum AppCommandResult: Codable, Sendable, Equatable {
    /// The app handled it; what it had to say, if anything.
    case done(String?)
    /// The app refused it, and said why (`AppCommandRefusal`).
    case refused(String)
    /// The app's screen has nothing that answers to the name.
    case unhandled
    /// The app is not on screen: it is in this state. A tap needs the screen.
    case notOnScreen(AppState)
}
