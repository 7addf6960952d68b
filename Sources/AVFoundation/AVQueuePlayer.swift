import Audio
import BackgroundRuntime

/// A player of a queue of items, one after the other (`AVQueuePlayer`): the launch's
/// ``Audio/AudioPlayer`` queue, gapless where GStreamer can be.
@preconcurrency @AppMain
open class AVQueuePlayer: AVPlayer {
    /// A player of `items`, in order, which advances at each item's end.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public init(items: [AVPlayerItem]) {
        super.init(calledAs: "AVQueuePlayer(items:)", actionAtItemEnd: .advance)
        for item in items { enqueue(item, after: nil) }
    }

    /// An empty queue player.
    public convenience init() {
        self.init(items: [])
    }

    /// The queued items, the current one first.
    open func items() -> [AVPlayerItem] {
        queuedItems()
    }

    /// Ends the current item; the next one plays if the player was playing.
    open func advanceToNextItem() {
        audioPlayer.advanceToNextItem()
    }

    /// Whether `item` may be queued after `afterItem`: not if it is queued already, or if
    /// `afterItem` is not.
    open func canInsert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) -> Bool {
        let queued = audioPlayer.items
        return !queued.contains(item.item) && (afterItem.map { queued.contains($0.item) } ?? true)
    }

    /// Queues `item` after `afterItem`, at the end when nil.
    open func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        enqueue(item, after: afterItem?.item)
    }

    /// Removes `item`; removing the current item moves to the next.
    open func remove(_ item: AVPlayerItem) {
        audioPlayer.remove(item.item)
    }

    /// Empties the queue and stops.
    open func removeAllItems() {
        audioPlayer.removeAllItems()
    }
}
