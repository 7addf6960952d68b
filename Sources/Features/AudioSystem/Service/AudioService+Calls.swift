import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation

/// The service's answers to the app's ``AudioPlayer`` and ``AppAudioSession``, which reach it
/// as calls of their ``ServiceClient`` from the app in the system's process or
/// in its own. They run on the thread of the app's call and never wait for the app.
extension AudioService {
    /// Makes the service on `device` when the app first calls it, and hands it to `keep`: an
    /// app that never makes an ``AudioPlayer`` has no audio service (nor `screens.audio.route`
    /// and `.session` in `status`). For the hosts of apps that may or may not play audio.
    public static func startOnFirstCall(
        on device: Device, output: AudioOutput = .automatic, probing: ItemProbing = .inProcess,
        keep: @escaping @Sendable (AudioService) -> Void
    ) {
        ServiceHost<AudioMessages>(device: device).answerCalls { [weak device] call in
            guard let device else { return nil }
            // The new service answers the calls after this one itself.
            let service = AudioService(device: device, output: output, probing: probing)
            keep(service)
            return service.answer(call)
        }
    }

    /// Carries out `call`; its answer, if it has one.
    func answer(_ call: AudioServiceCall) -> (any Codable & Sendable)? {
        switch call {
        case .register:
            return register()
        case .insert(let url, let item, let previous):
            return insert(url, item: item, after: previous)
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
                return error
            }
        case .pause:
            player.pause()
        case .seek(let position):
            player.seek(to: position)
        case .setActionAtItemEnd(let action):
            player.actionAtItemEnd = action
        case .actionAtItemEnd:
            return player.actionAtItemEnd
        case .items:
            return player.items.map(\.record)
        case .currentItem:
            return player.currentItem?.record
        case .isPlaying:
            return player.isPlaying
        case .setCategory(let category, let options):
            session.setCategory(category, options: options)
        case .setActive(let active, let options):
            do {
                try session.setActive(active, options: options)
            } catch {
                return error
            }
        case .session:
            return session.status
        case .route:
            return session.route
        case .observeInterruptions(let observes):
            state.withLock { $0.client?.observesInterruptions = observes }
        }
        return nil
    }

    /// A new player of the app's: the news goes to it from now on, starting from the player's
    /// clock as it stands.
    private func register() -> AudioRegistration {
        state.withLock { state in
            defer { state.nextClient += 1 }
            state.client = AudioClient(id: state.nextClient)
            return AudioRegistration(client: state.nextClient, timebase: state.timebase)
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
