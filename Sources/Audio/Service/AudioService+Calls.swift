import BackgroundRuntime
import Foundation

/// The service's answers to the app's ``AudioPlayer`` and ``AppAudioSession``, which reach it
/// as messages (``ServiceRegistry/answerCalls(toService:with:)``) from the app in the system's process or
/// in its own. They run on the thread of the app's call and never wait for the app.
extension AudioService {
    /// Makes the service on `device` when the app first calls it, and hands it to `keep`: an
    /// app that never makes an ``AudioPlayer`` has no audio service (nor `screens.audio.route`
    /// and `.session` in `status`). For the hosts of apps that may or may not play audio.
    public static func startOnFirstCall(
        on device: Device, output: AudioOutput = .automatic, keep: @escaping @Sendable (AudioService) -> Void
    ) {
        device.services.answerCalls(toService: AudioMessages.service) { [weak device] call in
            guard let device else { return nil }
            // The new service answers the calls after this one itself.
            let service = AudioService(device: device, output: output)
            keep(service)
            return service.answer(call)
        }
    }

    /// Carries out `json`, an ``AudioServiceCall``; the answer's JSON, if the call has one.
    func answer(_ json: String) -> String? {
        guard let call = try? JSONDecoder().decode(AudioServiceCall.self, from: Data(json.utf8)) else {
            device.console.log("Audio: ignoring a call the service cannot read: \(json.prefix(200))")
            return nil
        }
        switch call {
        case .register:
            return AudioMessages.json(register())
        case .insert(let url, let item, let previous):
            return AudioMessages.json(insert(url, item: item, after: previous))
        case .remove(let id):
            if let item = player.item(withID: id) { player.remove(item) }
        case .removeAll:
            player.removeAllItems()
        case .advance:
            player.advanceToNextItem()
        case .play:
            do {
                try player.play()
            } catch {
                return AudioMessages.json(error)
            }
        case .pause:
            player.pause()
        case .seek(let position):
            player.seek(to: position)
        case .setActionAtItemEnd(let action):
            player.actionAtItemEnd = action
        case .actionAtItemEnd:
            return AudioMessages.json(player.actionAtItemEnd)
        case .items:
            return AudioMessages.json(player.items.map(\.record))
        case .currentItem:
            return player.currentItem.map { AudioMessages.json($0.record) }
        case .isPlaying:
            return AudioMessages.json(player.isPlaying)
        case .currentTime:
            return AudioMessages.json(player.currentTime())
        case .addTimeObserver(let interval):
            return addTimeObserver(every: interval).map { AudioMessages.json($0) }
        case .removeTimeObserver(let id):
            removeTimeObserver(id)
        case .handledTimes(let client, let count):
            handledTimes(count, ofClient: client)
        case .setCategory(let category, let options):
            session.setCategory(category, options: options)
        case .setActive(let active, let options):
            do {
                try session.setActive(active, options: options)
            } catch {
                return AudioMessages.json(error)
            }
        case .session:
            return AudioMessages.json(session.status)
        case .route:
            return AudioMessages.json(session.route)
        case .observeInterruptions(let observes):
            state.withLock { $0.client?.observesInterruptions = observes }
        }
        return nil
    }

    /// A new player of the app's: the news goes to it from now on, and the time observers of
    /// one it replaces stop.
    private func register() -> Int {
        state.withLock { state in
            for observer in state.timeObservers.values { device.loop.cancel(observer.timer) }
            state.timeObservers.removeAll()
            state.timesInFlight = 0
            defer { state.nextClient += 1 }
            state.client = AudioClient(id: state.nextClient)
            return state.nextClient
        }
    }

    /// Queues a new item for `url` after the queued item `previous`; refused when the app's item
    /// `id` is queued already.
    private func insert(_ url: URL, item id: Int?, after previous: Int?) -> AudioInsertion {
        if let id, player.item(withID: id) != nil { return .alreadyQueued }
        var after: MediaItem?
        if let previous {
            guard let queued = player.item(withID: previous) else { return .notQueued }
            after = queued
        }
        let item = MediaItem(url: url)
        do {
            try player.insert(item, after: after)
            return .inserted(id: item.id)
        } catch {
            switch error {
            case .full(let limit): return .full(limit: limit)
            case .alreadyQueued: return .alreadyQueued
            case .notQueued: return .notQueued
            }
        }
    }
}
