import BackgroundRuntime

extension OperationQueue {
    /// Whether a framework given this queue for its delegate (`URLSession(configuration:delegate:delegateQueue:)`)
    /// calls it on the app's main thread: nil, for which Backgrounder keeps the app's main
    /// executor, or the main operation queue, which runs on the main queue. Here that is the
    /// app's main executor, which stops while the app is suspended, as an iOS app's main queue does.
    package static func meansAppMain(_ queue: OperationQueue?) -> Bool {
        guard let queue else { return true }
        return queue === OperationQueue.main || queue.underlyingQueue.map { DispatchQueue.meansAppMain($0) } == true
    }
}
