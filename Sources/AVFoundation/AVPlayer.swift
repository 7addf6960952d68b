import Audio
import BackgroundRuntime
import Foundation

/// A player of one item at a time (`AVPlayer`), over the launch's ``Audio/AudioPlayer``: play,
/// pause, the rate, seeking and periodic time observers. It only converts: the system's audio
/// service plays, and whether the music goes on in the background is its rule (`audio` in
/// UIBackgroundModes and a category that plays there).
///
/// Backgrounder's model: a launch has one queue at the service, as it has one
/// ``AVAudioSession``; a new player takes it over, emptied. Its time observers' blocks run on the
/// app's main executor whatever queue is named.
@preconcurrency @AppMain
open class AVPlayer {
    /// The launch's player.
    let audioPlayer: AudioPlayer
    private let application: Application
    /// The app's items by the Audio module's, while they are queued.
    private var items: [ObjectIdentifier: AVPlayerItem] = [:]

    /// A player with no item.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public convenience init() {
        self.init(calledAs: "\(Self.self)()", actionAtItemEnd: .pause)
    }

    /// A player of an item for `url`.
    public convenience init(url: URL) {
        self.init(playerItem: AVPlayerItem(url: url))
    }

    /// A player of `item`.
    public convenience init(playerItem item: AVPlayerItem?) {
        self.init(calledAs: "\(Self.self)(playerItem:)", actionAtItemEnd: .pause)
        replaceCurrentItem(with: item)
    }

    /// Takes over the launch's queue, empty, for the app's code whose call is `api`.
    init(calledAs api: String, actionAtItemEnd: ActionAtItemEnd) {
        let application = Application.current(for: api)
        self.application = application
        audioPlayer = AVAudioSession.of(application).audioPlayer
        audioPlayer.removeAllItems()
        audioPlayer.actionAtItemEnd = actionAtItemEnd.runtimeAction
    }

    // MARK: Playing

    /// Plays the current item, activating the session. A refusal (in the background without
    /// `audio` or with a category silenced there, during a call) leaves the rate at 0, as on iOS;
    /// the device's console and diagnostics say why.
    open func play() {
        do {
            try audioPlayer.play()
        } catch {
            application.logger.info("\(Self.self).play() did not start playback: \(error)")
        }
    }

    /// Pauses; in the background this lets the app be suspended.
    open func pause() {
        audioPlayer.pause()
    }

    /// 1 while playing, 0 while paused. Setting a rate other than 0 plays (Backgrounder plays at
    /// 1 only); setting 0 pauses.
    open var rate: Float {
        get { audioPlayer.isPlaying ? 1 : 0 }
        set { newValue == 0 ? pause() : play() }
    }

    /// What happens when the current item ends.
    open var actionAtItemEnd: ActionAtItemEnd {
        get { ActionAtItemEnd(audioPlayer.actionAtItemEnd) }
        set { audioPlayer.actionAtItemEnd = newValue.runtimeAction }
    }

    /// The position in the current item, read from the player's timebase in the app's process.
    open func currentTime() -> CMTime {
        CMTime(audioPlayer.currentTime())
    }

    /// Moves to `time` in the current item.
    open func seek(to time: CMTime) {
        audioPlayer.seek(to: time.duration)
    }

    // MARK: The item

    /// The item playing or ready to play.
    open var currentItem: AVPlayerItem? {
        audioPlayer.currentItem.map(appItem(for:))
    }

    /// Plays `item` in the current item's place; nil empties the player.
    open func replaceCurrentItem(with item: AVPlayerItem?) {
        let current = audioPlayer.currentItem
        if let item { enqueue(item, after: current) }
        if let current { audioPlayer.remove(current) }
    }

    /// Queues `item` after `previous` (at the end when nil); false when the service refused it.
    @discardableResult
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
    func appItem(for item: PlayerItem) -> AVPlayerItem {
        if let known = items[ObjectIdentifier(item)] { return known }
        let made = AVPlayerItem(item)
        items[ObjectIdentifier(item)] = made
        return made
    }

    /// The queued items, the current one first, forgetting the app's items that left the queue.
    func queuedItems() -> [AVPlayerItem] {
        let queued = audioPlayer.items
        let ids = Set(queued.map(ObjectIdentifier.init))
        items = items.filter { ids.contains($0.key) }
        return queued.map(appItem(for:))
    }

    // MARK: Time observers

    /// Calls `block` with the current item's time every `interval` while the player plays, and
    /// once more when it stops (`addPeriodicTimeObserver(forInterval:queue:using:)`), on the
    /// app's main executor whatever `queue` is. It ticks in the app's process from the player's
    /// timebase, on the device's clock: a frozen app does not tick, and one that fell behind
    /// gets the time now, not every tick it missed. Keep the result to remove it.
    open func addPeriodicTimeObserver(
        forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void
    ) -> Any {
        audioPlayer.addPeriodicTimeObserver(forInterval: interval.duration) { block(CMTime($0)) }
    }

    /// Stops calling a time observer that ``addPeriodicTimeObserver(forInterval:queue:using:)``
    /// returned; anything else is ignored.
    open func removeTimeObserver(_ observer: Any) {
        guard let token = observer as? PlayerObserverToken else { return }
        audioPlayer.removeObserver(token)
    }
}
