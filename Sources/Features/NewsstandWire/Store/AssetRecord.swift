import BackgroundWire
import Foundation

/// An asset download as the transfer service persists it: enough to resume it byte-exactly
/// after the process was killed.
public struct AssetRecord: Codable, Sendable, Equatable {
    public var id: String
    public var issueName: String
    public var url: String
    public var headers: [String: String]
    public var userInfo: [String: String]
    public var phase: AssetPhase
    /// Bytes on disk and synced at the last checkpoint; a resume starts here.
    public var bytesWritten: Int64
    /// The total the server announced, if it did.
    public var expectedBytes: Int64?
    /// The validators of the content being fetched, for If-Range.
    public var etag: String?
    public var lastModified: String?
    /// The file's name, from Content-Disposition or the URL, once the server answered.
    public var fileName: String?
    /// The boot (`/proc/sys/kernel/random/boot_id`) during which bytes past the last
    /// checkpoint were written.
    public var bootID: String?
    /// Why it failed.
    public var error: TransferError?
    public var createdAt: Date

    package init(
        id: String, issueName: String, url: String, headers: [String: String], userInfo: [String: String], phase: AssetPhase,
        bytesWritten: Int64, expectedBytes: Int64? = nil, etag: String? = nil, lastModified: String? = nil,
        fileName: String? = nil, bootID: String? = nil, error: TransferError? = nil, createdAt: Date
    ) {
        self.id = id
        self.issueName = issueName
        self.url = url
        self.headers = headers
        self.userInfo = userInfo
        self.phase = phase
        self.bytesWritten = bytesWritten
        self.expectedBytes = expectedBytes
        self.etag = etag
        self.lastModified = lastModified
        self.fileName = fileName
        self.bootID = bootID
        self.error = error
        self.createdAt = createdAt
    }
}
