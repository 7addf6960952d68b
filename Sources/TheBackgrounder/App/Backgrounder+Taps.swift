import BackgroundCommands
import BackgroundRuntime

extension Backgrounder {
    /// Taps `name` on the app's screen with `words`, as a user would (``Device/tap(_:_:)``): the
    /// tap reaches the screen as a message, in whichever process the app's code runs. Returns
    /// what the app had to say, or the reason it refused the tap; throws
    /// ``CommandError/notOnScreen(_:)`` when the app is not on screen to be tapped.
    func tap(_ name: String, _ words: [String] = []) async throws(CommandError) -> Result<String?, AppCommandRefusal> {
        switch await device.tap(name, words) {
        case .done(let output): .success(output)
        case .refused(let reason): .failure(AppCommandRefusal(reason))
        case .notOnScreen(let state): throw .notOnScreen(state)
        // A launch whose screens are not made yet has nothing to tap.
        case .unhandled: throw .notOnScreen(device.appState)
        }
    }
}
