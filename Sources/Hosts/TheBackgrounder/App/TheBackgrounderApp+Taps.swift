import Audio
import BackgroundCommands
import BackgroundRuntime
import VoIP
import VoIPWire

/// The taps the command line and the web UI send the app's screens by name (``Device/tap(_:_:)``):
/// each reaches the app as a message, in whichever process its code runs. The command table
/// has read the words already; a tap reads them again as the screen's values.
extension TheBackgrounderApp {
    func handleTaps() {
        handleWhateverTaps()
        application.handleTaps(named: "voip connect") { [weak self] words throws(AppCommandRefusal) in
            do {
                self?.voip.connect(to: try VoIPEndpoint(host: words[0], port: words[1]))
            } catch {
                throw AppCommandRefusal("\(error)")
            }
            return nil
        }
        application.handleTaps(named: "voip disconnect") { [weak self] _ in
            self?.voip.didTapDisconnect()
            return nil
        }
        application.handleTaps(named: "audio mix") { [weak self] words in
            self?.audio.setMixesWithOthers(words.first.flatMap(OnOff.init(commandWord:)) == .on)
            return nil
        }
        application.handleTaps(named: "fetch update") { [weak self] _ in
            self?.fetch.didTapUpdate()
            return nil
        }
        application.handleTaps(named: "fetch interval") { [weak self] words throws(AppCommandRefusal) in
            guard let self, let interval = words.first.flatMap(BackgroundFetchInterval.init(commandWord:)) else {
                throw AppCommandRefusal("not a fetch interval: \(words.joined(separator: " "))")
            }
            application.setMinimumBackgroundFetchInterval(interval)
            fetch.updateUI()
            return nil
        }
    }

    private func handleWhateverTaps() {
        application.handleTaps(named: "whatever play") { [weak self] _ in
            self?.whatever.play()
            return nil
        }
        application.handleTaps(named: "whatever pause") { [weak self] _ in
            self?.whatever.pause()
            return nil
        }
        application.handleTaps(named: "whatever leak") { [weak self] words in
            self?.whatever.endsTaskOnExpiration = words.first.flatMap(OnOff.init(commandWord:)) != .on
            return nil
        }
        application.handleTaps(named: "whatever lock") { [weak self] words in
            self?.whatever.keepsJournalLocked = words.first.flatMap(OnOff.init(commandWord:)) == .on
            return nil
        }
        application.handleTaps(named: "whatever compute") { [weak self] words throws(AppCommandRefusal) in
            guard let computation = self?.whatever.computation else { return nil }
            if let underway = computation.snapshot, underway.state.isUnderway {
                throw AppCommandRefusal("a computation is \(underway.state.rawValue) already (\(underway.identifier ?? ""))")
            }
            computation.compute(count: words.first.flatMap(ComputationCount.init(commandWord:))?.count ?? 60)
            if let reason = computation.snapshot?.reason { throw AppCommandRefusal(reason) }
            return nil
        }
    }
}
