import Foundation

extension URLError {
    /// The data that resumes the download this error ended (`downloadTaskResumeData`, Swift's
    /// spelling of the `userInfo` entry under ``NSURLSessionDownloadTaskResumeData``), which
    /// swift-corelibs-foundation lacks; nil when the download cannot be resumed. Apple's sample
    /// code reads it as `if let error = error as? URLError, let resumeData = error.downloadTaskResumeData`.
    public var downloadTaskResumeData: Data? {
        userInfo[NSURLSessionDownloadTaskResumeData] as? Data
    }
}
