import BackgroundApp
import BackgroundWire
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
/// (``items``, ``currentItem``, ``isPlaying``) ask the service; the items are the app's own
/// objects, whose status and duration follow the service's news.
///
/// Time is the app's to read: the service sends the player's clock (``AudioTimebase``, what
/// AVPlayer's `CMTimebase` is) only when it changes, and ``currentTime()`` and the periodic
/// time observers read it on the device's clock in the app's process (``AppClock``). No
/// message crosses per tick.
///
/// Observers and time observers are called on the app's main executor while the app runs
/// (a 10 ms time observer keeps coming in the background while the music plays there); news
/// for a suspended app waits until it runs again, and a frozen app's observers do not tick.
/// Make one per launch.
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
    /// The periodic time observers, by number.
    private var timeObservers: [Int: PeriodicTimeObserver] = [:]
    /// The player's clock, as the service last said.
    private var timebase = AudioTimebase.stopped
    /// The device's clock, read in the app's process.
    private let clock: AppClock

    /// A player with the queue the system's player has for this launch (empty at first).
    public init(application: Application) {
        connection = ServiceClient<AudioMessages>(application: application)
        session = AppAudioSession(connection: connection)
        clock = application.clock
        connection.receive { [weak self] batch in self?.receive(batch) }
        let registration = connection.call(.register, answer: AudioRegistration.self)
        client = registration?.client
        if let registration { timebase = registration.timebase }
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

    /// The playback position in the current item, read from the player's clock now; zero when
    /// there is none.
    public func currentTime() -> Duration {
        timebase.time(at: clock.now)
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
    /// It ticks in the app's process, from the player's clock: the first tick an interval after
    /// playback starts (or after the observer is added, if it plays), then on that grid of the
    /// device's clock. A late tick (the app was busy, or frozen) is followed by the next an
    /// interval later: the ticks it missed are not made up in a burst.
    @discardableResult
    public func addPeriodicTimeObserver(
        forInterval interval: Duration,
        using block: @escaping @AppMain @Sendable (Duration) -> Void
    ) -> PlayerObserverToken {
        precondition(interval > .zero, "a periodic time observer needs a positive interval")
        defer { nextObserverID += 1 }
        var observer = PeriodicTimeObserver(interval: interval, block: block)
        if timebase.ticks { observer.timer = scheduleTicks(of: nextObserverID, from: clock.now + interval, every: interval) }
        timeObservers[nextObserverID] = observer
        return PlayerObserverToken(id: nextObserverID, isTimeObserver: true)
    }

    /// Stops calling an observer; removing it twice does nothing.
    public func removeObserver(_ token: PlayerObserverToken) {
        guard token.isTimeObserver else { return observers.remove(id: token.id) }
        timeObservers.removeValue(forKey: token.id)?.timer?.cancel()
    }

    // MARK: Ticking

    /// The repeating timer of observer `id`'s ticks, from `first` on: one timer while the player
    /// plays, which ends with the player.
    private func scheduleTicks(of id: Int, from first: Duration, every interval: Duration) -> AppClockTimer {
        clock.schedule(at: first, every: interval) { [weak self] timer in
            guard let self else { return timer.cancel() }
            tick(id)
        }
    }

    /// Calls observer `id` with the time now.
    private func tick(_ id: Int) {
        timeObservers[id]?.block(timebase.time(at: clock.now))
    }

    /// The service's new clock: the observers start ticking an interval after playback started,
    /// keep their grid while it plays on, and get the time once more where it stopped.
    private func retime(_ new: AudioTimebase) {
        let old = timebase
        timebase = new
        guard new.ticks != old.ticks else { return }
        for id in timeObservers.keys.sorted() {
            guard let observer = timeObservers[id] else { continue }
            observer.timer?.cancel()
            timeObservers[id]?.timer = new.ticks
                ? scheduleTicks(of: id, from: new.anchorHostTime + observer.interval, every: observer.interval) : nil
        }
        guard !new.ticks, new.hasItem else { return }
        for id in timeObservers.keys.sorted() { timeObservers[id]?.block(new.anchorMediaTime) }
    }

    // MARK: The service's news

    /// A batch of the service's news: the events of this player, in order.
    private func receive(_ batch: AudioEventBatch) {
        // The news of a player this one replaced is not its own.
        guard let client, batch.client == client else { return }
        for event in batch.events { handle(event) }
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
        case .timebase(let timebase):
            retime(timebase)
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
