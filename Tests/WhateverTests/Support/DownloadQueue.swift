import BackgroundRuntime
import Whatever

/// A queue of downloads, as in "Easy background Tasks in iOS 4", opted in to a
/// ``BackgroundWorker``.
@AppMain
final class DownloadQueue: BackgroundWorkQueue {
    private(set) var items: [Int] = []
    var worker: BackgroundWorker?
    private var nextItem = 1

    init(application: Application) {
        worker = BackgroundWorker(application: application, name: "Downloads", queue: self)
    }

    var hasPendingWork: Bool { !items.isEmpty }

    func enqueue() {
        items.append(nextItem)
        nextItem += 1
    }

    /// Finishes the oldest download, if any, and tells the worker.
    func completeOne() {
        guard !items.isEmpty else { return }
        items.removeFirst()
        worker?.queueDidChange()
    }
}
