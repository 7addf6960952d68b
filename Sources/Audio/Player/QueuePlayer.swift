import BackgroundRuntime
import Dispatch
import Synchronization

/// A queue of audio items played one after the other on GStreamer, with the essentials of
/// `AVQueuePlayer`: play and pause, ``actionAtItemEnd``, ``advanceToNextItem()``, inserting and
/// removing items, observing the current item, periodic time observers, each item's duration,
/// and errors that fail one item while the queue goes on.
///
/// The player is a service of the system, like iOS's media server: made once per device, it
/// outlives the app's launches (its queue and observers are cleared when the app ends) and
/// enforces the background-audio rules. It plays through the app's ``session``, which playing
/// activates. While it plays it holds a ``BackgroundActivity`` of the `audio` mode, which keeps
/// the app running in the background if its Info.plist declares `audio`; unless the Info.plist
/// declares `audio` and the session's category plays in the background, the player pauses when
/// the app leaves the foreground and reports what is missing. Like `AVPlayer`, it pauses when a
/// call deactivates the session and when the headphones are unplugged; after a call, playing
/// again is the app's decision.
///
/// Every method is safe from any thread and, but ``shutdown()``, returns without waiting for
/// GStreamer. Observers are called on the app's main executor (``AppMain``), never on
/// GStreamer's threads.
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
    /// The pipeline, made on first use by the control queue; or why it could not be made.
    let pipeline = Mutex<Result<Playbin, PlayerItemError>?>(nil)
    /// The audio output's time in the device's energy accounts, while the pipeline plays.
    let outputUsage = Mutex<EnergyUsageToken?>(nil)

    /// Makes a player for `device`'s app, with an empty queue.
    public init(device: Device, output: AudioOutput = .automatic) {
        self.device = device
        self.output = output
        session = AudioSession(device: device)
        device.observeStateChanges { [weak self] change in self?.appStateChanged(change) }
        session.listen { [weak self] event in self?.sessionChanged(event) }
    }

    // MARK: Reading

    /// The queued items, the current one first (`AVQueuePlayer.items()`).
    public var items: [PlayerItem] { state.withLock { $0.queue } }

    /// The item playing or ready to play; nil when the queue is empty.
    public var currentItem: PlayerItem? { state.withLock { $0.queue.first } }

    /// Whether the player plays (AVPlayer's `rate != 0`).
    public var isPlaying: Bool { state.withLock { $0.isPlaying } }

    /// What happens when the current item ends; ``ActionAtItemEnd/advance`` by default.
    public var actionAtItemEnd: ActionAtItemEnd {
        get { state.withLock { $0.actionAtItemEnd } }
        set { state.withLock { $0.actionAtItemEnd = newValue } }
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
        device.audioStartedPlaying(mixesWithOthers: session.category.mixesWithOthers)
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
    public func insert(_ item: PlayerItem, after previous: PlayerItem? = nil) throws(PlayerQueueError) {
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
    public func remove(_ item: PlayerItem) {
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

    /// Runs `body` with the state locked, then tells observers what changed, holds or ends the
    /// background activity, starts or stops the time observers, and has the control queue
    /// bring the pipeline in line.
    @discardableResult
    func update<T: Sendable, E: Error>(_ body: (inout PlayerState) throws(E) -> T) throws(E) -> T {
        let (result, aftermath) = try state.withLock { state throws(E) in
            let result = try body(&state)
            return (result, commit(&state))
        }
        for id in aftermath.stoppedTimeObservers { tick(id, repeating: false) }
        if let activity = aftermath.endedActivity { end(activity) }
        control.async { [weak self] in self?.reconcile() }
        return result
    }

    /// Ends an activity once the app has handled what the player posted before (the last
    /// time, the end of playback), so that it is not suspended with a stale screen.
    private func end(_ activity: BackgroundActivityToken) {
        let device = device
        if !device.post({ _ in device.endActivity(activity) }) { device.endActivity(activity) }
    }

    /// Announces the changes of the current item and of playback, starts or stops the time
    /// observers, and begins the activity the new state needs. Returns what is left to do once
    /// the lock is released: the stopped observers' last time to deliver, then the activity to
    /// end (ending one may suspend the app, and the device's state observers may call the player).
    private func commit(_ state: inout PlayerState) -> (stoppedTimeObservers: [Int], endedActivity: BackgroundActivityToken?) {
        let current = state.queue.first
        if current !== state.announcedItem {
            state.announcedItem = current
            announce(.currentItemChanged(current), in: state)
        }
        if state.isPlaying != state.announcedPlaying {
            state.announcedPlaying = state.isPlaying
            announce(.playbackChanged(isPlaying: state.isPlaying), in: state)
        }
        let stopped = updateTimeObservers(&state)
        let wanted = state.isPlaying ? current.map { "Playing \($0.name)" } : nil
        guard wanted != state.activity?.name else { return (stopped, nil) }
        let ended = state.activity?.token
        state.activity = wanted.map { name in
            (device.beginActivity(BackgroundActivity(kind: .mode(.audio), name: name)), name)
        }
        return (stopped, ended)
    }

    /// Records `item`'s failure, takes it out of the queue and tells the observers; does
    /// nothing if it had failed already.
    func fail(_ item: PlayerItem, _ error: PlayerItemError, in state: inout PlayerState) {
        guard item.markFailed(error) else { return }
        if let index = state.queue.firstIndex(of: item) {
            state.queue.remove(at: index)
            if index == 0 { state.isAtItemEnd = false }
        }
        if state.loaded === item { state.loaded = nil }
        if state.queue.isEmpty { state.isPlaying = false }
        announce(.itemFailed(item, error), in: state)
    }
}
