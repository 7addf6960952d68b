/// Foundation's key of a download error's `userInfo` that holds its resume data (iOS 7), which
/// swift-corelibs-foundation does not define. Apple: “When a transfer error occurs or when you
/// call the cancel(byProducingResumeData:) method, the delegate object or completion handler gets
/// an NSError object. If the transfer is resumable, that error object’s userInfo dictionary
/// contains a value for this key.”
public let NSURLSessionDownloadTaskResumeData = "NSURLSessionDownloadTaskResumeData"
