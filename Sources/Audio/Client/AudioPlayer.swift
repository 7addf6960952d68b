import BackgroundRuntime
import Foundation

/// The app's audio player, with the API the tutorial's `AVQueuePlayer` has: a queue of
/// ``PlayerItem``s played one after the other, play and pause, ``actionAtItemEnd``,
/// ``advanceToNextItem()``, inserting and removing items, observing the current item and
/// playback (the tutorial's KVO), periodic time observers, and the app's ``session``.
///
/// It plays nothing itself: the system's ``AudioService`` does — GStreamer in the system's
/// process, the media server of iOS — which keeps playing while the app's code is frozen.
/// The player reaches it only through the service's messages, so it works the same with the
/// app in the system's process and in its own (`--isolation process`). Its reads
/// (``items``, ``currentItem``, ``isPlaying``, ``currentTime()``) ask the service; the items
/// are the app's own objects, whose status and duration follow the service's news.
///
/// Observers and time observers are called on the app's main executor while the app runs
/// (a 10 ms time observer keeps coming in the background while the music plays there); news
/// for a suspended app waits until it runs again. Make one per launch.
@AppMain
public final class AudioPlayer {
    /// The app's audio session (`AVAudioSession.sharedInstance()`).
    public let session: AppAudioSession
    private let connection: ServiceClient<AudioMessages>
    /// The service's number for this player, which its news names.
    private var client: Int?
    /// The app's items by the service's numbers.
    private var known: [Int: KnownItem] = [:]
    /// How many entries ``known`` may have before its forgotten items are cleared out.
    private var knownLimit = 64
    private var observers = AppObservers<AudioPlayerEvent>()
    private var nextObserverID = 1
    /// The time observers' blocks, by the service's numbers.
    private var timeObservers: [Int: @AppMain @Sendable (Duration) -> Void] = [:]
    /// Batches of times taken in and not yet acknowledged to the service.
    private var timesTakenIn = 0

    /// How many batches of times the player takes in before it tells the service: at most the
    /// service's window, or the service would stop sending.
    static let timesPerAcknowledgement = AudioMessages.timeWindow / 2

    /// A player with the queue the system's player has for this launch (empty at first).
    public init(application: Application) {
        connection = ServiceClient<AudioMessages>(application: application)
        session = AppAudioSession(connection: connection)
        connection.receive { [weak self] batch in self?.receive(batch) }
        client = connection.call(.register, answer: Int.self)
    }

    // MARK: Reading

    /// The queued items, the current one first (`AVQueuePlayer.items()`).
    public var items: [PlayerItem] {
        (connection.call(.items, answer: [AudioItemRecord].self) ?? []).map(item(for:))
    }

    /// The item playing or ready to play; nil when the queue is empty.
    public var currentItem: PlayerItem? {
        connection.call(.currentItem, answer: AudioItemRecord.self).map(item(for:))
    }

    /// Whether the player plays (AVPlayer's `rate != 0`).
    public var isPlaying: Bool {
        connection.call(.isPlaying, answer: Bool.self) ?? false
    }

    /// What happens when the current item ends; ``ActionAtItemEnd/advance`` by default.
    public var actionAtItemEnd: ActionAtItemEnd {
        get { connection.call(.actionAtItemEnd, answer: ActionAtItemEnd.self) ?? .advance }
        set { connection.tell(.setActionAtItemEnd(newValue)) }
    }

    /// The playback position in the current item; zero when there is none.
    public func currentTime() -> Duration {
        connection.call(.currentTime, answer: Duration.self) ?? .zero
    }

    // MARK: Playing

    /// Starts or resumes playback of the current item (from its start if it had ended),
    /// activating the session as `AVPlayer` does.
    ///
    /// It fails while a call is in progress (the session cannot be activated), and in the
    /// background unless the Info.plist declares `audio` and the session's category plays
    /// there (which is also reported as a diagnostic).
    public func play() throws(PlaybackError) {
        if let refusal = connection.call(.play, answer: PlaybackError.self) { throw refusal }
    }

    /// Pauses playback; in the background this lets the app be suspended.
    public func pause() {
        connection.tell(.pause)
    }

    /// Moves to `position` in the current item (`seek(to:)`), within its duration when known;
    /// playback goes on from there if it was playing.
    public func seek(to position: Duration) {
        connection.tell(.seek(to: position))
    }

    /// Ends the current item and moves to the next one, which plays if the player was playing.
    public func advanceToNextItem() {
        connection.tell(.advance)
    }

    // MARK: The queue

    /// Inserts `item` after `previous`, or at the end when `previous` is nil; the service
    /// opens it to learn its duration or its error.
    public func insert(_ item: PlayerItem, after previous: PlayerItem? = nil) throws(PlayerQueueError) {
        var after: Int?
        if let previous {
            guard let id = previous.id else { throw .notQueued(previous.name) }
            after = id
        }
        switch connection.call(.insert(url: item.url, item: item.id, after: after), answer: AudioInsertion.self) {
        case .inserted(let id):
            if let old = item.id { known[old] = nil }
            item.id = id
            remember(item, as: id)
        case .full(let limit): throw .full(limit: limit)
        case .alreadyQueued: throw .alreadyQueued(item.name)
        case .notQueued: throw .notQueued(previous?.name ?? item.name)
        case nil: break
        }
    }

    /// Removes `item` from the queue; removing the current item moves to the next one.
    public func remove(_ item: PlayerItem) {
        guard let id = item.id else { return }
        connection.tell(.remove(item: id))
    }

    /// Empties the queue and stops.
    public func removeAllItems() {
        connection.tell(.removeAll)
    }

    // MARK: Observers

    /// Calls `handler` with each change of the current item, of playback and each failed item,
    /// in order (the tutorial's KVO on `currentItem`).
    @discardableResult
    public func observe(_ handler: @escaping @AppMain @Sendable (AudioPlayerEvent) -> Void) -> PlayerObserverToken {
        defer { nextObserverID += 1 }
        observers.add(handler, id: nextObserverID)
        return PlayerObserverToken(id: nextObserverID, isTimeObserver: false)
    }

    /// Calls `block` with the current item's time every `interval` while the player plays, like
    /// `addPeriodicTimeObserver(forInterval:queue:using:)` with the main queue (the tutorial uses
    /// 10 ms), and once more when playback stops on an item.
    ///
    /// Ticks keep a fixed grid on the device's clock. An app that falls behind (busy, or
    /// suspended) gets each observer's latest time once it catches up, not every tick it missed.
    @discardableResult
    public func addPeriodicTimeObserver(
        forInterval interval: Duration,
        using block: @escaping @AppMain @Sendable (Duration) -> Void
    ) -> PlayerObserverToken {
        precondition(interval > .zero, "a periodic time observer needs a positive interval")
        guard let id = connection.call(.addTimeObserver(interval: interval), answer: Int.self) else {
            // The service is gone: the observer is never called.
            return PlayerObserverToken(id: 0, isTimeObserver: true)
        }
        timeObservers[id] = block
        return PlayerObserverToken(id: id, isTimeObserver: true)
    }

    /// Stops calling an observer; removing it twice does nothing.
    public func removeObserver(_ token: PlayerObserverToken) {
        guard token.isTimeObserver else { return observers.remove(id: token.id) }
        guard timeObservers.removeValue(forKey: token.id) != nil else { return }
        connection.tell(.removeTimeObserver(token.id))
    }

    // MARK: The service's news

    /// A batch of the service's news: the events of this player, in order.
    private func receive(_ batch: AudioEventBatch) {
        // The news of a player this one replaced is not its own.
        guard let client, batch.client == client else { return }
        for event in batch.events { handle(event) }
        guard batch.carriesTimes else { return }
        timesTakenIn += 1
        if timesTakenIn >= Self.timesPerAcknowledgement {
            connection.tell(.handledTimes(client: client, count: timesTakenIn))
            timesTakenIn = 0
        }
    }

    private func handle(_ event: AudioServiceEvent) {
        switch event {
        case .currentItemChanged(let record):
            announce(.currentItemChanged(record.map(item(for:))))
        case .playbackChanged(let isPlaying):
            announce(.playbackChanged(isPlaying: isPlaying))
        case .itemOpened(let record):
            known[record.id]?.item?.update(from: record)
        case .itemFailed(let record):
            let item = item(for: record)
            if let error = item.error { announce(.itemFailed(item, error)) }
        case .time(let observer, let time):
            timeObservers[observer]?(time)
        case .interruption(let interruption):
            session.receive(interruption)
        case .routeChanged(let change):
            session.receive(change)
        case .mediaServicesWereReset:
            session.receiveMediaServicesReset()
        }
    }

    private func announce(_ event: AudioPlayerEvent) {
        for handler in observers.inOrder { handler(event) }
    }

    /// The app's item the service tells of in `record`, up to date; a new one if the app has
    /// none (the system queued it, or the app let go of its own).
    private func item(for record: AudioItemRecord) -> PlayerItem {
        if let item = known[record.id]?.item {
            item.update(from: record)
            return item
        }
        let item = PlayerItem(record)
        remember(item, as: record.id)
        return item
    }

    private func remember(_ item: PlayerItem, as id: Int) {
        known[id] = KnownItem(item: item)
        guard known.count > knownLimit else { return }
        known = known.filter { $0.value.item != nil }
        knownLimit = max(64, known.count * 2)
    }
}
