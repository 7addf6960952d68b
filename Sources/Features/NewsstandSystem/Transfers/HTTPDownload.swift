import AsyncHTTPClient
import BackgroundSystem
import BackgroundWire
import Foundation
import NIOCore
import NIOHTTP1
import NewsstandWire

/// One resumable HTTP download into a part file, whoever keeps its record: the Newsstand
/// library (``TransferService``) or the background sessions' transfers
/// (``BackgroundSessionTransferService``).
///
/// Each ``attempt(resuming:)`` asks for the rest of the file with `Range` and `If-Range` when
/// the part file holds a prefix it can vouch for, judges the answer (a resume elsewhere or a
/// changed ETag starts over; 416 and error statuses fail), and writes the body to the part file
/// on the event loop that read it, with a checkpoint (fsync, then ``checkpoint``) every
/// ``TransferOptions/checkpointInterval`` bytes and at the end. The owner decides about retries.
struct HTTPDownload: Sendable {
    /// What the owner recorded of the download by its last checkpoint.
    struct Saved: Sendable, Codable {
        var bytesWritten: Int64 = 0
        var expectedBytes: Int64?
        var etag: String?
        var lastModified: String?
        /// The boot that wrote the part file (``TransferOptions/bootID``).
        var bootID: String?
    }

    /// A response head judged good: the body starts at `start`, of `expected` bytes in all.
    struct Accepted: Sendable {
        let head: HTTPResponseHead
        let start: Int64
        let expected: Int64?
    }

    let url: String
    let headers: [String: String]
    let part: PartFile
    let options: TransferOptions
    /// Writes one console line, which the owner prefixes with its name.
    let log: @Sendable (String) -> Void
    /// The body is about to be written from `start`; the owner records the head's validators
    /// (or throws to refuse the response).
    let accept: @Sendable (Accepted) throws(TransferError) -> Void
    /// What is on disk cannot be continued: the owner forgets its offset and validators.
    let restart: @Sendable () -> Void
    /// Every byte before the offset is on the disk.
    let checkpoint: @Sendable (Int64) -> Void
    /// `bytes` more reached the part file, which now holds `total` of the `expected`.
    let progress: @Sendable (_ bytes: Int64, _ total: Int64, _ expected: Int64?) -> Void

    /// Where the next attempt starts after `saved` (the part file is cut there). Says so when a
    /// prefix cannot be resumed for want of a validator.
    func resumeOffset(after saved: Saved) throws(TransferError) -> Int64 {
        var offset = try Self.trustedLength(of: part, saved: saved, bootID: options.bootID)
        if offset > 0, Self.resumeValidator(etag: saved.etag, lastModified: saved.lastModified) == nil {
            log("\(url) gave no ETag or Last-Modified to resume with; restarting from zero")
            offset = 0
        }
        try part.truncate(to: offset)
        return offset
    }

    /// Runs one attempt from `offset` (``resumeOffset(after:)``) with the validators of `saved`.
    func attempt(at offset: Int64, saved: Saved) async throws(TransferError) -> AttemptOutcome {
        if offset > 0, let expected = saved.expectedBytes, offset >= expected {
            try part.sync()
            return .complete
        }
        let validator = Self.resumeValidator(etag: saved.etag, lastModified: saved.lastModified)
        var headers = HTTPHeaders(headers.map { ($0.key, $0.value) })
        if offset > 0, let validator {
            headers.replaceOrAdd(name: "Range", value: "bytes=\(offset)-")
            headers.replaceOrAdd(name: "If-Range", value: validator)
        }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url, method: .GET, headers: headers)
        } catch {
            throw Self.transferError(error, url: url)
        }
        let client = Self.client(trusting: options.trustedCertificates)
        let eventLoop = client.eventLoopGroup.next()
        let writer = BodyWriter { [self] response throws(TransferError) in
            try judge(response, offset: offset, etag: saved.etag)
        }
        let task = client.execute(request: request, delegate: writer, eventLoop: .delegateAndChannel(on: eventLoop))
        let result = await withTaskCancellationHandler { () async -> Result<AttemptOutcome, TransferError> in
            do throws(TransferError) {
                return .success(try await outcome(of: task, writer: writer))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            task.cancel()
        }
        return try result.get()
    }

    /// Waits for the response to end, and says how the attempt went. Every byte written
    /// before a failure is kept: it is synced and checkpointed before the failure is told.
    private func outcome(of task: HTTPClient.Task<Int64>, writer: BodyWriter) async throws(TransferError) -> AttemptOutcome {
        let result: Result<Int64, any Error>
        do {
            result = .success(try await task.futureResult.get())
        } catch {
            result = .failure(error)
        }
        let destination = writer.destination
        switch writer.ending {
        case .restart(let reason)?:
            return .restart(reason)
        case .failed(let error)?:
            try? destination?.checkpoints.finish(at: writer.position)
            throw error
        case nil:
            break
        }
        switch result {
        case .success(let end):
            try destination?.checkpoints.finish(at: end)
            if let expected = destination?.expected, end != expected { throw .truncated(received: end, expected: expected) }
            return .complete
        case .failure(let error):
            let position = writer.position
            try? destination?.checkpoints.finish(at: position)
            // The server hung up before the length it announced: say so (it may be lying).
            if let expected = destination?.expected, position < expected, Self.endedEarly(error) {
                throw .truncated(received: position, expected: expected)
            }
            throw Self.transferError(error, url: url)
        }
    }

    /// Judges the response head (on the event loop that read it): where the body goes, or
    /// why the download starts over.
    private func judge(_ response: HTTPResponseHead, offset: Int64, etag: String?) throws(TransferError) -> BodyWriter.Verdict {
        let start: Int64, expected: Int64?
        switch try interpret(response, offset: offset, etag: etag) {
        case .restart(let reason):
            try part.truncate(to: 0)
            restart()
            return .restart(reason)
        case .body(let first, let length):
            (start, expected) = (first, length)
        }
        if start == 0, offset > 0 {
            log("\(url) came back whole (200 to a range request, or its validator changed); restarting from zero")
            try part.truncate(to: 0)
        }
        try accept(Accepted(head: response, start: start, expected: expected))
        let checkpoints = CheckpointWriter(part: part, save: checkpoint)
        return .write(BodyWriter.Destination(
            part: part, checkpoints: checkpoints, start: start, expected: expected,
            checkpointInterval: options.checkpointInterval,
            progress: { [progress] bytes, total in progress(bytes, total, expected) }))
    }

    /// What a response head says to do.
    private enum Head {
        case body(start: Int64, expected: Int64?)
        case restart(String)
    }

    private func interpret(_ response: HTTPResponseHead, offset: Int64, etag: String?) throws(TransferError) -> Head {
        switch response.status.code {
        case 200:
            return .body(start: 0, expected: response.headers.first(name: "Content-Length").flatMap { Int64($0) })
        case 206:
            guard offset > 0 else { throw .malformedResponse("206 Partial Content to a request without a Range") }
            guard let contentRange = response.headers.first(name: "Content-Range"),
                let range = Self.parseContentRange(contentRange)
            else {
                throw .malformedResponse("206 Partial Content without a valid Content-Range")
            }
            if range.start != offset {
                return .restart("\(url) resumed at byte \(range.start) instead of \(offset)")
            }
            if let old = etag, let new = response.headers.first(name: "ETag"), old != new {
                return .restart("the ETag of \(url) changed from \(old) to \(new)")
            }
            return .body(start: offset, expected: range.total)
        case 416:
            throw .rangeNotSatisfiable(offset: offset, url: url)
        default:
            throw .httpStatus(Int(response.status.code), url: url)
        }
    }

    /// How much of the part file a resume can trust. Every byte written before a kill of the
    /// process is still in the kernel's page cache, so within the boot that wrote them the
    /// file's length is right; after a reboot only the last checkpoint, synced to the disk, can
    /// be trusted. A file longer than the announced length is not trusted at all.
    static func trustedLength(of part: PartFile, saved: Saved, bootID: String) throws(TransferError) -> Int64 {
        let length = try part.length()
        if let expected = saved.expectedBytes, length > expected { return 0 }
        guard saved.bootID == bootID else { return min(saved.bytesWritten, length) }
        return length
    }
}
