import Audio
import BackgroundRuntime

/// A player of a queue of items, one after the other (`AVQueuePlayer`): the launch's
/// ``Audio/AudioPlayer`` queue, gapless where GStreamer can be. As Apple's, its members are
/// `nonisolated` (see ``AVPlayer``).
@MainActor @preconcurrency
open class AVQueuePlayer: AVPlayer {
    /// A player of `items`, in order, which advances at each item's end.
    ///
    /// - precondition: the caller is the app's code, running on its device.
    public nonisolated init(items: [AVPlayerItem]) {
        super.init(calledAs: "AVQueuePlayer(items:)", actionAtItemEnd: .advance)
        onMain { player in
            for item in items { player.enqueue(item, after: nil) }
            player.note()
        }
    }

    /// An empty queue player.
    public nonisolated convenience init() {
        self.init(items: [])
    }

    /// The queued items, the current one first.
    open nonisolated func items() -> [AVPlayerItem] {
        readOnMain { $0.queuedItems() } ?? keptItems
    }

    /// Ends the current item; the next one plays if the player was playing.
    open nonisolated func advanceToNextItem() {
        onMain { player in
            player.audioPlayer.advanceToNextItem()
            player.note()
        }
    }

    /// Whether `item` may be queued after `afterItem`: not if it is queued already, or if
    /// `afterItem` is not.
    open nonisolated func canInsert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) -> Bool {
        let queued = items()
        return !queued.contains(item) && (afterItem.map { queued.contains($0) } ?? true)
    }

    /// Queues `item` after `afterItem`, at the end when nil.
    open nonisolated func insert(_ item: AVPlayerItem, after afterItem: AVPlayerItem?) {
        onMain { player in
            player.enqueue(item, after: afterItem?.item)
            player.note()
        }
    }

    /// Removes `item`; removing the current item moves to the next.
    open nonisolated func remove(_ item: AVPlayerItem) {
        onMain { player in
            player.audioPlayer.remove(item.item)
            player.note()
        }
    }

    /// Empties the queue and stops.
    open nonisolated func removeAllItems() {
        onMain { player in
            player.audioPlayer.removeAllItems()
            player.note()
        }
    }
}
