import BackgroundRuntime

/// An object with a queue of work — downloads, uploads, a render — that a ``BackgroundWorker``
/// keeps running in the background until the queue is empty.
@AppMain
public protocol BackgroundWorkQueue: AnyObject {
    /// Whether work is left to do.
    var hasPendingWork: Bool { get }
}
