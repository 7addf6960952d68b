import BackgroundRuntime
import Dispatch

extension DispatchQueue {
    /// Whether a framework given this queue for its delegate (`PKPushRegistry(queue:)`,
    /// `CXProvider.setDelegate(_:queue:)`) calls it on the app's main thread: nil, which Apple
    /// documents as the main queue, or the main queue itself. Here that is the app's main
    /// executor, which stops while the app is suspended, as an iOS app's main queue does.
    ///
    /// The main queue is told by its label: on Linux each `DispatchQueue.main` is a new object.
    package static func meansAppMain(_ queue: DispatchQueue?) -> Bool {
        guard let queue else { return true }
        return queue.label == DispatchQueue.main.label
    }
}
