/// Foundation's `URLSessionDownloadTask`: a task whose body the system writes to a file, told
/// to the delegate's `urlSession(_:downloadTask:didFinishDownloadingTo:)`.
public final class URLSessionDownloadTask: URLSessionTask {}
