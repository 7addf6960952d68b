import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation
import Synchronization

/// A queue of audio items played one after the other on GStreamer, with the essentials of
/// `AVQueuePlayer`: play and pause, ``actionAtItemEnd``, ``advanceToNextItem()``, inserting and
/// removing items, each item's duration, and errors that fail one item while the queue goes on.
///
/// It is the system's side of the app's player, like iOS's media server: the
/// ``AudioService`` makes it once per device, and the app's ``AudioPlayer`` reaches it only
/// through the service's messages. It outlives the app's launches (its queue is cleared when
/// the app ends) and enforces the background-audio rules. It plays through the app's
/// ``session``, which playing activates. While it plays it holds a ``BackgroundActivity`` of
/// the `audio` mode, which keeps the app running in the background if its Info.plist declares
/// `audio`; unless the Info.plist declares `audio` and the session's category plays in the
/// background, the player pauses when the app leaves the foreground and reports what is
/// missing. Like `AVPlayer`, it pauses when a call deactivates the session and when the
/// headphones are unplugged; after a call, playing again is the app's decision.
///
/// Each change is told to its listener (``listen(_:)``) as ``PlayerNews``, one at a time in
/// the order of the changes. Every method is safe from any thread and, but ``shutdown()``,
/// returns without waiting for GStreamer; the system's own controls (the command line's, as
/// Control Center's) call them directly.
public final class QueuePlayer: Sendable {
    /// The most items the queue holds.
    public static let queueLimit = 1_000

    /// The device whose app the player plays for.
    public let device: Device
    /// Where the sound goes.
    public let output: AudioOutput
    /// The app's audio session, which the player plays through: one per app, and Backgrounder
    /// has one player per device.
    public let session: AudioSession

    let state = Mutex(PlayerState())
    /// Counts the pipeline's loads; messages of an earlier load are ignored.
    let generation = Atomic<Int>(0)
    /// Runs every GStreamer state change and handles the bus's messages, in order.
    let control = DispatchQueue(label: "backgrounder.audio.control")
    /// Opens queued items to learn their duration or their error.
    let probes = DispatchQueue(label: "backgrounder.audio.probe")
    /// Where the probes open them.
    let probing: ItemProbing
    /// The pipeline, made on first use by the control queue; or why it could not be made.
    let pipeline = Mutex<Result<Playbin, PlayerItemError>?>(nil)
    /// The audio output's time in the device's energy accounts, while the pipeline plays.
    let outputUsage = Mutex<EnergyUsageToken?>(nil)

    /// Keeps the news in the order of the changes: held while a change is committed and told,
    /// and while a time is read and sent. Recursive: telling the news may end an activity, and
    /// the app's state change it causes comes back to the player on the same thread.
    private let newsOrder = NSRecursiveLock()
    /// Who is told the news.
    private let listener = Mutex<ClosureBox<PlayerNews>?>(nil)

    /// Makes a player for the app of `session`'s device, with an empty queue, playing through
    /// `session`, whose news its maker passes on to ``sessionChanged(_:)``, opening its items
    /// where `probing` says.
    init(session: AudioSession, output: AudioOutput, probing: ItemProbing) {
        device = session.device
        self.output = output
        self.probing = probing
        self.session = session
        device.observers.observeStateChanges { [weak self] change in self?.appStateChanged(change) }
    }

    /// Tells `listener` (the service that made the player) each change from now on; it ends
    /// the activities the news says ended.
    func listen(_ listener: @escaping @Sendable (PlayerNews) -> Void) {
        self.listener.withLock { $0 = ClosureBox(listener) }
    }

    /// Runs `body` between two changes' news, so that what it sends keeps their order.
    func inNewsOrder<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        newsOrder.lock()
        defer { newsOrder.unlock() }
        return try body()
    }

    // MARK: Reading

    /// The queued items, the current one first (`AVQueuePlayer.items()`).
    public var items: [MediaItem] { state.withLock { $0.queue } }

    /// The item playing or ready to play; nil when the queue is empty.
    public var currentItem: MediaItem? { state.withLock { $0.queue.first } }

    /// Whether the player plays (AVPlayer's `rate != 0`).
    public var isPlaying: Bool { state.withLock { $0.isPlaying } }

    /// What happens when the current item ends; ``ActionAtItemEnd/advance`` by default.
    public var actionAtItemEnd: ActionAtItemEnd {
        get { state.withLock { $0.actionAtItemEnd } }
        set { state.withLock { $0.actionAtItemEnd = newValue } }
    }

    /// The queued item the app knows by `id`; nil when it is not in the queue.
    func item(withID id: Int) -> MediaItem? {
        state.withLock { $0.queue.first { $0.id == id } }
    }

    /// The playback position in the current item; zero when there is none.
    public func currentTime() -> Duration {
        let (item, loaded, switchedAt) = state.withLock { ($0.queue.first, $0.loaded, $0.switchedAt) }
        guard let item, item === loaded, case .success(let playbin) = pipeline.withLock({ $0 }),
            var position = playbin.position
        else { return .zero }
        // Just after a gapless switch GStreamer may still report the previous stream's
        // position; the new stream cannot be further in than the time since it started.
        if let switchedAt, case let sinceSwitch = ContinuousClock.now - switchedAt, sinceSwitch < .milliseconds(500) {
            position = min(position, sinceSwitch)
        }
        if let duration = item.duration { position = min(position, duration) }
        return position
    }

    // MARK: Playing

    /// Starts or resumes playback of the current item (from its start if it had ended),
    /// activating the session as `AVPlayer` does.
    ///
    /// It fails while a call is in progress (the session cannot be activated), and in the
    /// background unless the Info.plist declares `audio` and the session's category plays
    /// there (which is also reported as a diagnostic).
    public func play() throws(PlaybackError) {
        let appState = device.appState
        guard appState.isRunning else { throw .appNotRunning(appState) }
        if !appState.isForeground, let problem = backgroundAudioProblem {
            device.report(problem.rule, "play() was called in the background, but \(problem.why); the player stays paused")
            throw problem.error
        }
        do {
            try session.setActive(true)
        } catch {
            throw .interrupted
        }
        try update { state throws(PlaybackError) in
            // A call may have deactivated the session since.
            guard session.isActive else { throw .interrupted }
            guard !state.queue.isEmpty else { throw .nothingToPlay }
            if state.isAtItemEnd {
                state.isAtItemEnd = false
                state.needsReload = true
            }
            state.isPlaying = true
        }
        device.audioStartedPlaying(mixesWithOthers: session.mixesWithOthers)
    }

    /// Pauses playback; in the background this lets the app be suspended.
    public func pause() {
        update { $0.isPlaying = false }
    }

    /// Moves to `position` in the current item (`seek(to:)`), within its duration when known;
    /// playback goes on from there if it was playing.
    public func seek(to position: Duration) {
        update { state in
            guard let current = state.queue.first else { return }
            state.seeks += 1
            state.resumeAt = min(max(position, .zero), current.duration ?? position)
            state.isAtItemEnd = false
            state.needsReload = true
        }
    }

    /// Ends the current item and moves to the next one, which plays if the player was playing.
    public func advanceToNextItem() {
        update { state in
            guard !state.queue.isEmpty else { return }
            state.queue.removeFirst()
            state.isAtItemEnd = false
            if state.queue.isEmpty { state.isPlaying = false }
        }
    }

    // MARK: The queue

    /// Inserts `item` after `previous`, or at the end when `previous` is nil, and starts opening
    /// it to learn its duration or its error.
    public func insert(_ item: MediaItem, after previous: MediaItem? = nil) throws(PlayerQueueError) {
        try update { state throws(PlayerQueueError) in
            guard state.queue.count < Self.queueLimit else { throw .full(limit: Self.queueLimit) }
            guard !state.queue.contains(item) else { throw .alreadyQueued(item.name) }
            guard let previous else {
                state.queue.append(item)
                return
            }
            guard let index = state.queue.firstIndex(of: previous) else { throw .notQueued(previous.name) }
            state.queue.insert(item, at: index + 1)
        }
        probe(item)
    }

    /// Removes `item` from the queue; removing the current item moves to the next one.
    public func remove(_ item: MediaItem) {
        update { state in
            guard let index = state.queue.firstIndex(of: item) else { return }
            state.queue.remove(at: index)
            if index == 0 { state.isAtItemEnd = false }
            if state.queue.isEmpty { state.isPlaying = false }
        }
    }

    /// Empties the queue and stops.
    public func removeAllItems() {
        update { state in
            state.queue.removeAll()
            state.isPlaying = false
            state.isAtItemEnd = false
        }
    }

    /// Stops playback, empties the queue and releases the audio output, waiting until GStreamer
    /// has let go of it: for the end of the process, which a GStreamer thread still starting up
    /// could hang.
    public func shutdown() {
        removeAllItems()
        probes.sync {}
        control.sync {}
    }

    // MARK: Changing the state

    /// Runs `body` with the state locked, then tells the listener what changed, holds or ends
    /// the background activity, and has the control queue bring the pipeline in line.
    @discardableResult
    func update<T: Sendable, E: Error>(_ body: (inout PlayerState) throws(E) -> T) throws(E) -> T {
        let result = try inNewsOrder { () throws(E) -> T in
            let (result, news) = try state.withLock { state throws(E) in
                let result = try body(&state)
                return (result, commit(&state))
            }
            listener.withLock { $0 }?(news)
            return result
        }
        control.async { [weak self] in self?.reconcile() }
        return result
    }

    /// Collects the app's news — the items that failed or opened, then the changes of the
    /// current item and of playback — and begins the activity the new state needs. The
    /// activity it replaces is in the news, for the listener to end once the app has been told:
    /// ending one may suspend the app, and the device's state observers may call the player.
    private func commit(_ state: inout PlayerState) -> PlayerNews {
        var events = state.news
        state.news.removeAll()
        let current = state.queue.first
        if current !== state.announcedItem {
            state.announcedItem = current
            events.append(.currentItemChanged(current?.record))
        }
        if state.isPlaying != state.announcedPlaying {
            state.announcedPlaying = state.isPlaying
            events.append(.playbackChanged(isPlaying: state.isPlaying))
        }
        var news = PlayerNews(events: events, isTicking: state.isTicking, hasCurrentItem: current != nil)
        let clock = state.clock
        if clock != state.announcedClock {
            state.announcedClock = clock
            news.isRetimed = true
            news.timeMoves = clock.timeMoves
            news.position = state.awaitsLoad ? state.resumeAt ?? .zero : state.startPosition
            if clock.timeMoves { state.startPosition = nil }
        }
        let wanted = state.isPlaying ? current.map { "Playing \($0.name)" } : nil
        guard wanted != state.activity?.name else { return news }
        news.endedActivity = state.activity?.token
        state.activity = wanted.map { name in
            (device.beginActivity(BackgroundActivity(kind: .mode(.audio), name: name)), name)
        }
        return news
    }

    /// Records `item`'s failure, takes it out of the queue and tells the app; does nothing if
    /// it had failed already.
    func fail(_ item: MediaItem, _ error: PlayerItemError, in state: inout PlayerState) {
        guard item.markFailed(error) else { return }
        if let index = state.queue.firstIndex(of: item) {
            state.queue.remove(at: index)
            if index == 0 { state.isAtItemEnd = false }
        }
        if state.loaded === item { state.loaded = nil }
        if state.queue.isEmpty { state.isPlaying = false }
        state.news.append(.itemFailed(item.record))
    }
}
