import BackgroundSystem
import BackgroundWire
import Foundation
import NIOHTTP1
import NewsstandWire

/// One attempt of an asset's download (an ``HTTPDownload`` whose record is the asset's row in
/// the library): besides the download's own checks, the file's name and the disk's space.
extension TransferService {
    func runAttempt(_ id: String) async throws(TransferError) -> AttemptOutcome {
        let record: AssetRecord?
        do {
            record = try store.asset(id)
        } catch {
            throw .disk("the transfer database cannot be read: \(error)")
        }
        guard let asset = record, asset.phase == .downloading else { return .complete }
        let download = try download(of: asset)
        let saved = HTTPDownload.Saved(
            bytesWritten: asset.bytesWritten, expectedBytes: asset.expectedBytes, etag: asset.etag,
            lastModified: asset.lastModified, bootID: asset.bootID)
        let offset = try download.resumeOffset(after: saved)
        if offset > 0 {
            device.console.log(
                "Newsstand: resuming \(asset.url) for issue \(asset.issueName) at byte \(offset) (\(ByteCount.text(offset)))")
        }
        return try await download.attempt(at: offset, saved: saved)
    }

    /// The download of `asset` into its part file, recording each step in the library.
    private func download(of asset: AssetRecord) throws(TransferError) -> HTTPDownload {
        let id = asset.id
        let store = self.store
        let console = device.console
        let bootID = options.bootID
        return HTTPDownload(
            url: asset.url, headers: asset.headers, part: try PartFile(url: directories.partFile(ofAsset: id)),
            options: options,
            log: { console.log("Newsstand: \($0)") },
            accept: { [self] accepted throws(TransferError) in
                let headers = accepted.head.headers
                let fileName = try Self.fileName(of: headers, url: asset.url)
                if let expected = accepted.expected { try ensureSpace(expected - accepted.start, forIssue: asset.issueName) }
                _ = try? store.update(id) { record in
                    record.bytesWritten = accepted.start
                    record.expectedBytes = accepted.expected
                    record.etag = headers.first(name: "ETag")
                    record.lastModified = headers.first(name: "Last-Modified")
                    record.fileName = fileName
                    record.bootID = bootID
                }
                if accepted.start > 0 { resumed(id, totalWritten: accepted.start, expected: accepted.expected) }
            },
            restart: { _ = try? store.update(id) { $0.bytesWritten = 0; $0.etag = nil; $0.lastModified = nil } },
            checkpoint: { offset in _ = try? store.update(id) { $0.bytesWritten = offset } },
            progress: { [weak self] bytes, total, expected in
                self?.received(id, bytes: bytes, totalWritten: total, expected: expected)
            })
    }

    /// The file's name: Content-Disposition's, else the URL's last path segment; refused
    /// when it could leave the issue's directory.
    static func fileName(of headers: HTTPHeaders, url: String) throws(TransferError) -> String {
        if let header = headers.first(name: "Content-Disposition"),
            let name = ContentDisposition.fileName(in: header)
        {
            if let problem = SafeName.problem(with: name) {
                throw .unsafeFileName(name, source: "Content-Disposition", reason: problem)
            }
            return name
        }
        let path = URLComponents(string: url)?.percentEncodedPath ?? ""
        guard let segment = path.split(separator: "/").last else { return "download" }
        let name = segment.removingPercentEncoding ?? String(segment)
        if let problem = SafeName.problem(with: name) {
            throw .unsafeFileName(name, source: "the URL", reason: problem)
        }
        return name
    }
}
