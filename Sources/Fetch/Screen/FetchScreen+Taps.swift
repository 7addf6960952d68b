import BackgroundRuntime
import Foundation

/// The Fetch tab's buttons as taps by name (``Device/tap(_:_:)``): the command line's and the
/// web UI's `fetch update` and `fetch interval` reach the screen as messages, in whichever
/// process the app's code runs.
extension FetchScreen {
    /// The Update button.
    public nonisolated static let updateTap = "fetch update"
    /// Sets the app's minimum background fetch interval; its one word is the
    /// ``BackgroundFetchInterval`` as JSON.
    public nonisolated static let intervalTap = "fetch interval"

    func registerTaps() {
        application.handleTaps(named: Self.updateTap) { [weak self] _ in
            self?.didTapUpdate()
            return nil
        }
        application.handleTaps(named: Self.intervalTap) { [weak self] words throws(AppCommandRefusal) in
            guard let word = words.first,
                let interval = try? JSONDecoder().decode(BackgroundFetchInterval.self, from: Data(word.utf8))
            else { throw AppCommandRefusal("\(words.first ?? "nothing") is not a background fetch interval") }
            self?.application.setMinimumBackgroundFetchInterval(interval)
            self?.updateUI()
            return nil
        }
    }
}
