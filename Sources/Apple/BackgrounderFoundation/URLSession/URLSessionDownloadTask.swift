import BackgroundRuntime
import Synchronization

/// Foundation's `URLSessionDownloadTask`: a task whose body the system writes to a file, told
/// to the delegate's `urlSession(_:downloadTask:didFinishDownloadingTo:)`.
// Guarded by resumeDataHandler (a Mutex); unchecked as a subclass of URLSessionTask, which is not final.
public final class URLSessionDownloadTask: URLSessionTask, @unchecked Sendable {
    // Unchecked: as its superclass, with its resume-data handler under a lock of its own.
    /// The resume data it was made with (`downloadTask(withResumeData:)`).
    let resumeData: Data?
    /// The completion handler of `cancel(byProducingResumeData:)`, until the system ends the task.
    private let resumeDataHandler = Mutex<(@Sendable (Data?) -> Void)?>(nil)

    init(session: URLSession?, request: URLRequest?, identifier: Int = 0, resumeData: Data? = nil) {
        self.resumeData = resumeData
        super.init(session: session, request: request, identifier: identifier)
    }

    /// A task of a default or ephemeral session: FoundationNetworking's `foundationTask`, which
    /// ``resume()`` and ``cancel()`` drive.
    init(session: URLSession, request: URLRequest, foundationTask: FoundationNetworking.URLSessionDownloadTask) {
        resumeData = nil
        super.init(session: session, request: request, foundationTask: foundationTask)
    }

    /// Cancels the download and hands `completionHandler` its resume data once the system has
    /// stopped it, on the session's delegate queue: nil when its bytes so far cannot be resumed
    /// (Apple: the server must have given an ETag or Last-Modified and accept byte ranges). The
    /// delegate then hears `didCompleteWithError` with -999, whose `userInfo` carries the same
    /// data under ``NSURLSessionDownloadTaskResumeData``. A task of a default session is
    /// FoundationNetworking's, which cancels it and calls the handler itself.
    public func cancel(byProducingResumeData completionHandler: @escaping @Sendable (Data?) -> Void) {
        if let foundationTask = foundationTask as? FoundationNetworking.URLSessionDownloadTask {
            _ = beginCancelling(producingResumeData: true)
            return foundationTask.cancel(byProducingResumeData: completionHandler)
        }
        resumeDataHandler.withLock { $0 = completionHandler }
        guard beginCancelling(producingResumeData: true) else {
            resumeDataHandler.withLock { $0 = nil }
            return completionHandler(nil)
        }
        session?.sendCancel(of: self)
    }

    /// The handler of a ``cancel(byProducingResumeData:)`` waiting for the system, once.
    func takeResumeDataHandler() -> (@Sendable (Data?) -> Void)? {
        resumeDataHandler.withLock { handler in
            defer { handler = nil }
            return handler
        }
    }
}
