import BackgroundSystem
import BackgroundWire
import Dispatch
import NewsstandWire
import Synchronization

/// Takes a download's checkpoints off its streaming path: the part file is synced and then
/// its length saved on a queue of its own, so that the network never waits for the disk.
///
/// A checkpoint asked for while the previous one is still syncing is skipped (the next one
/// covers it); ``finish(at:)`` waits for the one in flight, then syncs and saves the end.
final class CheckpointWriter: Sendable {
    private let part: PartFile
    private let save: @Sendable (Int64) -> Void
    private let queue = DispatchQueue(label: "newsstand.checkpoint")
    private let inFlight = Atomic<Bool>(false)
    private let failure = Mutex<TransferError?>(nil)

    /// `save` records the offset once every byte before it is on the disk.
    init(part: PartFile, save: @escaping @Sendable (Int64) -> Void) {
        self.part = part
        self.save = save
    }

    /// Syncs up to `offset` and saves it, unless a checkpoint is syncing now.
    func request(_ offset: Int64) {
        guard !inFlight.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async { [self] in
            do throws(TransferError) {
                try part.sync()
                save(offset)
            } catch {
                failure.withLock { $0 = error }
            }
            inFlight.store(false, ordering: .releasing)
        }
    }

    /// Waits for the checkpoint in flight, then syncs and saves `offset`.
    func finish(at offset: Int64) throws(TransferError) {
        queue.sync {}
        if let error = failure.withLock({ $0 }) { throw error }
        try part.sync()
        save(offset)
    }
}
