import Foundation

/// A background download's resume data, in Backgrounder's format: what
/// `cancel(byProducingResumeData:)` hands back and what a failed download's error carries under
/// `NSURLSessionDownloadTaskResumeData`, for `downloadTask(withResumeData:)`. Apple calls it
/// opaque (“A data object that provides the data necessary to resume a download”), and so is
/// this to apps: iOS's is a property list of its own keys; Backgrounder's is a small JSON object
/// with the URL, the bytes received so far, the partial file (kept by the system's transfer
/// service under the data directory), and the validators (ETag, Last-Modified) the resume sends
/// as `If-Range`. Data that is not this fails the task with `NSURLErrorDomain` -3003, never a crash.
public struct DownloadResumeData: Codable, Sendable, Equatable {
    /// The format's version; only 1 is read.
    public var version = 1
    /// What the download fetches.
    public let url: String
    /// How many bytes of it the partial file holds.
    public let bytesReceived: Int64
    /// The whole file's length, if the server gave one.
    public let expectedBytes: Int64?
    /// The partial file's path, in the transfer service's directory.
    public let partialFile: String
    /// The server's ETag for the file, if it gave one.
    public let etag: String?
    /// The server's Last-Modified for the file, if it gave one.
    public let lastModified: String?
    /// The boot that wrote the partial file: after a reboot only its synced bytes are trusted.
    public let bootID: String?

    /// `NSURLErrorCannotWriteToFile`, the code iOS fails a background download with whose resume
    /// data it cannot read ("Invalid resume data for background download … Code=-3003", Ben
    /// Scheirman, "Resume Data Broken in iOS 10", 2016).
    public static let invalidCode = -3003

    /// Resume data of `url`, `bytesReceived` of which are in `partialFile`.
    public init(
        url: String, bytesReceived: Int64, expectedBytes: Int64?, partialFile: String, etag: String?, lastModified: String?,
        bootID: String?
    ) {
        self.url = url
        self.bytesReceived = bytesReceived
        self.expectedBytes = expectedBytes
        self.partialFile = partialFile
        self.etag = etag
        self.lastModified = lastModified
        self.bootID = bootID
    }

    /// Reads `data`, or says in the error why it is not Backgrounder's resume data of an HTTP
    /// or HTTPS download.
    public init(data: Data) throws(BackgroundTransferError) {
        func invalid(_ reason: String) -> BackgroundTransferError {
            BackgroundTransferError(
                code: Self.invalidCode,
                message: "invalid resume data for background download (\(data.count) bytes): \(reason); pass the data "
                    + "cancel(byProducingResumeData:) or a failed download's NSURLSessionDownloadTaskResumeData gave")
        }
        let decoded: DownloadResumeData
        do {
            decoded = try JSONDecoder().decode(DownloadResumeData.self, from: data)
        } catch {
            throw invalid("it is not the JSON object Backgrounder writes")
        }
        guard decoded.version == 1 else { throw invalid("unknown version \(decoded.version)") }
        guard let scheme = URL(string: decoded.url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw invalid("its URL \"\(decoded.url)\" is not http or https")
        }
        guard decoded.bytesReceived >= 0, decoded.expectedBytes.map({ $0 >= decoded.bytesReceived }) ?? true else {
            throw invalid("its byte counts are out of range")
        }
        guard decoded.etag != nil || decoded.lastModified != nil else { throw invalid("it has no ETag or Last-Modified to resume with") }
        self = decoded
    }

    /// The resume data as the app holds it.
    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Strings and integers only: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }
}
