import BackgroundCommands
import BackgroundRuntime

extension Backgrounder {
    /// Taps `name` on the app's screen with `words`, as a user would (``Device/tap(_:_:)``): the
    /// screen's answer, in whichever process the app's code runs. A refusal is the command's
    /// error (`arguments`'s, `location visits: …`); an app off screen fails as
    /// ``onScreen(_:)`` does.
    func tap(_ name: String, _ words: [String] = [], for arguments: CommandArguments) async throws(CommandError) -> CommandResult {
        switch await device.tap(name, words) {
        case .done(let output): return output.map(CommandResult.output) ?? .done
        case .refused(let reason): throw arguments.failure(reason)
        case .notOnScreen(let state): throw .notOnScreen(state)
        case .unhandled: throw .refused("the app on screen has nothing that answers to \(name)")
        }
    }
}
