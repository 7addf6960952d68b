import Audio
import BackgroundRuntime
import Foundation
import Synchronization

/// A player of one item at a time (`AVPlayer`), over the launch's ``Audio/AudioPlayer``: play,
/// pause, the rate, seeking and periodic time observers. It only converts: the system's audio
/// service plays, and whether the music goes on in the background is its rule (`audio` in
/// UIBackgroundModes and a category that plays there).
///
/// Its isolation is Apple's: `@MainActor class AVPlayer`, whose members are `nonisolated`
/// (`nonisolated init()`, `nonisolated func play()` — "Before macOS 13, iOS 16, tvOS 16, and
/// watchOS 9, you can only call this method on the main thread or queue"), so a nonisolated class
/// of the Swift 6 language mode makes and plays one, and keeps it, as on iOS. Its calls are
/// carried out on the app's main executor, where the runtime's player lives: at once from the
/// app's main thread, after the jobs already queued from another; read from another thread, the
/// rate, the time and the items are as the main thread last saw them (Backgrounder's model).
///
/// Backgrounder's model: a launch has one queue at the service, as it has one
/// ``AVAudioSession``; a new player takes it over, emptied. Its time observers' blocks run on the
/// app's main executor whatever queue is named.
@MainActor @preconcurrency
open class AVPlayer: MainExecutorBound {
    package nonisolated let application: Application
    /// The app's items by the Audio module's, while they are queued.
    @AppMain private var items: [ObjectIdentifier: AVPlayerItem] = [:]
    /// What the main thread last saw, for reads from other threads.
    private nonisolated let kept: Mutex<Kept>

    private struct Kept {
        var isPlaying = false
        var actionAtItemEnd: ActionAtItemEnd
        var currentTime = CMTime.zero
        var queued: [AVPlayerItem] = []
    }

    /// A player with no item.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public nonisolated convenience init() {
        self.init(calledAs: "\(Self.self)()", actionAtItemEnd: .pause)
    }

    /// A player of an item for `url`.
    public nonisolated convenience init(url: URL) {
        self.init(playerItem: AVPlayerItem(url: url))
    }

    /// A player of `item`.
    public nonisolated convenience init(playerItem item: AVPlayerItem?) {
        self.init(calledAs: "\(Self.self)(playerItem:)", actionAtItemEnd: .pause)
        replaceCurrentItem(with: item)
    }

    /// Takes over the launch's queue, empty, for the app's code whose call is `api`.
    nonisolated init(calledAs api: String, actionAtItemEnd: ActionAtItemEnd) {
        application = Application.current(for: api)
        kept = Mutex(Kept(actionAtItemEnd: actionAtItemEnd))
        let runtimeAction = actionAtItemEnd.runtimeAction
        onMain { player in
            player.audioPlayer.removeAllItems()
            player.audioPlayer.actionAtItemEnd = runtimeAction
        }
    }

    /// The launch's player at the audio service.
    @AppMain var audioPlayer: AudioPlayer { AVAudioSession.of(application).audioPlayer }

    /// Notes what the runtime's player shows, for reads from other threads.
    @AppMain func note() {
        let shown = Kept(
            isPlaying: audioPlayer.isPlaying, actionAtItemEnd: ActionAtItemEnd(audioPlayer.actionAtItemEnd),
            currentTime: CMTime(audioPlayer.currentTime()), queued: queuedItems())
        kept.withLock { $0 = shown }
    }

    // MARK: Playing

    /// Plays the current item, activating the session. A refusal (in the background without
    /// `audio` or with a category silenced there, during a call) leaves the rate at 0, as on iOS;
    /// the device's console and diagnostics say why.
    open nonisolated func play() {
        onMain { player in
            do {
                try player.audioPlayer.play()
            } catch {
                player.application.logger.info("\(Self.self).play() did not start playback: \(error)")
            }
            player.note()
        }
    }

    /// Pauses; in the background this lets the app be suspended.
    open nonisolated func pause() {
        onMain { player in
            player.audioPlayer.pause()
            player.note()
        }
    }

    /// 1 while playing, 0 while paused. Setting a rate other than 0 plays (Backgrounder plays at
    /// 1 only); setting 0 pauses.
    open nonisolated var rate: Float {
        get { readOnMain { $0.audioPlayer.isPlaying } ?? kept.withLock { $0.isPlaying } ? 1 : 0 }
        set { newValue == 0 ? pause() : play() }
    }

    /// What happens when the current item ends.
    open nonisolated var actionAtItemEnd: ActionAtItemEnd {
        get { kept.withLock { $0.actionAtItemEnd } }
        set {
            kept.withLock { $0.actionAtItemEnd = newValue }
            let runtimeAction = newValue.runtimeAction
            onMain { $0.audioPlayer.actionAtItemEnd = runtimeAction }
        }
    }

    /// The position in the current item, read from the player's timebase in the app's process.
    open nonisolated func currentTime() -> CMTime {
        readOnMain { CMTime($0.audioPlayer.currentTime()) } ?? kept.withLock { $0.currentTime }
    }

    /// Moves to `time` in the current item.
    open nonisolated func seek(to time: CMTime) {
        let duration = time.duration
        onMain { player in
            player.audioPlayer.seek(to: duration)
            player.note()
        }
    }

    // MARK: The item

    /// The item playing or ready to play.
    open nonisolated var currentItem: AVPlayerItem? {
        readOnMain { $0.audioPlayer.currentItem.map($0.appItem(for:)) } ?? kept.withLock { $0.queued.first }
    }

    /// Plays `item` in the current item's place; nil empties the player.
    open nonisolated func replaceCurrentItem(with item: AVPlayerItem?) {
        onMain { player in
            let current = player.audioPlayer.currentItem
            if let item { player.enqueue(item, after: current) }
            if let current { player.audioPlayer.remove(current) }
            player.note()
        }
    }

    /// Queues `item` after `previous` (at the end when nil); false when the service refused it.
    @AppMain @discardableResult
    func enqueue(_ item: AVPlayerItem, after previous: PlayerItem?) -> Bool {
        do {
            try audioPlayer.insert(item.item, after: previous)
        } catch {
            application.logger.info("\(Self.self) could not queue \(item.item.name): \(error)")
            return false
        }
        items[ObjectIdentifier(item.item)] = item
        return true
    }

    /// The app's item for the Audio module's `item`: the one the app queued, or a new one for an
    /// item the app let go of. Items no longer queued are forgotten when the queue is read.
    @AppMain func appItem(for item: PlayerItem) -> AVPlayerItem {
        if let known = items[ObjectIdentifier(item)] { return known }
        let made = AVPlayerItem(item)
        items[ObjectIdentifier(item)] = made
        return made
    }

    /// The queued items, the current one first, forgetting the app's items that left the queue.
    @AppMain func queuedItems() -> [AVPlayerItem] {
        let queued = audioPlayer.items
        let ids = Set(queued.map(ObjectIdentifier.init))
        items = items.filter { ids.contains($0.key) }
        return queued.map(appItem(for:))
    }

    /// The queued items as the main thread last saw them, for ``AVQueuePlayer``.
    nonisolated var keptItems: [AVPlayerItem] { kept.withLock { $0.queued } }

    // MARK: Time observers

    /// Calls `block` with the current item's time every `interval` while the player plays, and
    /// once more when it stops (`addPeriodicTimeObserver(forInterval:queue:using:)`), on the
    /// app's main executor whatever `queue` is. It ticks in the app's process from the player's
    /// timebase, on the device's clock: a frozen app does not tick, and one that fell behind
    /// gets the time now, not every tick it missed. Keep the result to remove it.
    open nonisolated func addPeriodicTimeObserver(
        forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void
    ) -> Any {
        let observer = TimeObserver()
        let duration = interval.duration
        onMain { player in
            let token = player.audioPlayer.addPeriodicTimeObserver(forInterval: duration) { block(CMTime($0)) }
            if observer.added(token) == false { player.audioPlayer.removeObserver(token) }
        }
        return observer
    }

    /// Stops calling a time observer that ``addPeriodicTimeObserver(forInterval:queue:using:)``
    /// returned; anything else is ignored.
    open nonisolated func removeTimeObserver(_ observer: Any) {
        guard let observer = observer as? TimeObserver else { return }
        onMain { player in
            if let token = observer.remove() { player.audioPlayer.removeObserver(token) }
        }
    }
}
