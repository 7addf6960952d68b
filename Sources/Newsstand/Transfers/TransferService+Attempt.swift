import AsyncHTTPClient
import BackgroundRuntime
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// One attempt of a download: the request (a resume asks for the rest with Range and
/// If-Range), the answer's checks, and the body written to the part file (by ``BodyWriter``)
/// with a checkpoint every ``TransferOptions/checkpointInterval`` bytes and at the end.
extension TransferService {
    func runAttempt(_ id: String) async throws(TransferError) -> AttemptOutcome {
        let record: AssetRecord?
        do {
            record = try store.asset(id)
        } catch {
            throw .disk("the transfer database cannot be read: \(error)")
        }
        guard let asset = record, asset.phase == .downloading else { return .complete }
        let part = try PartFile(url: directories.partFile(ofAsset: id))
        var offset = try resumeOffset(of: asset, part: part)
        let validator = Self.resumeValidator(etag: asset.etag, lastModified: asset.lastModified)
        if offset > 0, validator == nil {
            device.console.log("Newsstand: \(asset.url) gave no ETag or Last-Modified to resume with; restarting from zero")
            offset = 0
        }
        try part.truncate(to: offset)
        if offset > 0 {
            device.console.log(
                "Newsstand: resuming \(asset.url) for issue \(asset.issueName) at byte \(offset) (\(ByteCount.text(offset)))")
        }
        if offset > 0, let expected = asset.expectedBytes, offset >= expected {
            try part.sync()
            return .complete
        }

        var headers = HTTPHeaders(asset.headers.map { ($0.key, $0.value) })
        if offset > 0, let validator {
            headers.replaceOrAdd(name: "Range", value: "bytes=\(offset)-")
            headers.replaceOrAdd(name: "If-Range", value: validator)
        }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: asset.url, method: .GET, headers: headers)
        } catch {
            throw Self.transferError(error, url: asset.url)
        }
        let client = Self.client(trusting: options.trustedCertificates)
        let eventLoop = client.eventLoopGroup.next()
        let writer = BodyWriter { [self, offset] response throws(TransferError) in
            try judge(response, asset: asset, part: part, offset: offset)
        }
        let task = client.execute(request: request, delegate: writer, eventLoop: .delegateAndChannel(on: eventLoop))
        let result = await withTaskCancellationHandler { () async -> Result<AttemptOutcome, TransferError> in
            do throws(TransferError) {
                return .success(try await outcome(of: task, writer: writer, asset: asset))
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
    private func outcome(
        of task: HTTPClient.Task<Int64>, writer: BodyWriter, asset: AssetRecord
    ) async throws(TransferError) -> AttemptOutcome {
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
            throw Self.transferError(error, url: asset.url)
        }
    }

    /// Judges the response head (on the event loop that read it): where the body goes, or
    /// why the download starts over.
    private func judge(
        _ response: HTTPResponseHead, asset: AssetRecord, part: PartFile, offset: Int64
    ) throws(TransferError) -> BodyWriter.Verdict {
        let id = asset.id
        let start: Int64, expected: Int64?
        switch try interpret(response, asset: asset, offset: offset) {
        case .restart(let reason):
            try part.truncate(to: 0)
            _ = try? store.update(id) { $0.bytesWritten = 0; $0.etag = nil; $0.lastModified = nil }
            return .restart(reason)
        case .body(let first, let length):
            (start, expected) = (first, length)
        }
        if start == 0, offset > 0 {
            device.console.log(
                "Newsstand: \(asset.url) came back whole (200 to a range request, or its validator changed); restarting from zero")
            try part.truncate(to: 0)
        }
        let fileName = try Self.fileName(of: response.headers, url: asset.url)
        if let expected { try ensureSpace(expected - start, forIssue: asset.issueName) }
        _ = try? store.update(id) { record in
            record.bytesWritten = start
            record.expectedBytes = expected
            record.etag = response.headers.first(name: "ETag")
            record.lastModified = response.headers.first(name: "Last-Modified")
            record.fileName = fileName
            record.bootID = options.bootID
        }
        if start > 0 { resumed(id, totalWritten: start, expected: expected) }
        let store = self.store
        let checkpoints = CheckpointWriter(part: part) { offset in
            _ = try? store.update(id) { $0.bytesWritten = offset }
        }
        return .write(BodyWriter.Destination(
            part: part, checkpoints: checkpoints, start: start, expected: expected, checkpointInterval: options.checkpointInterval,
            progress: { [weak self] bytes, total in self?.received(id, bytes: bytes, totalWritten: total, expected: expected) }))
    }

    /// Where a download goes on. Every byte written before a kill of the process is still in
    /// the kernel's page cache, so within the boot that wrote them the file's length is right;
    /// after a reboot only the last checkpoint, synced to the disk, can be trusted.
    private func resumeOffset(of asset: AssetRecord, part: PartFile) throws(TransferError) -> Int64 {
        let length = try part.length()
        if let expected = asset.expectedBytes, length > expected { return 0 }
        guard asset.bootID == options.bootID else { return min(asset.bytesWritten, length) }
        return length
    }

    /// What the response head says to do.
    private enum Head {
        case body(start: Int64, expected: Int64?)
        case restart(String)
    }

    private func interpret(_ response: HTTPResponseHead, asset: AssetRecord, offset: Int64) throws(TransferError) -> Head {
        let url = asset.url
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
            if let old = asset.etag, let new = response.headers.first(name: "ETag"), old != new {
                return .restart("the ETag of \(url) changed from \(old) to \(new)")
            }
            return .body(start: offset, expected: range.total)
        case 416:
            throw .rangeNotSatisfiable(offset: offset, url: url)
        default:
            throw .httpStatus(Int(response.status.code), url: url)
        }
    }

    /// What a resume sends as If-Range: the strong ETag, else Last-Modified; a weak ETag
    /// (`W/"…"`) cannot vouch for a byte range (RFC 9110, 13.1.5). Nil when there is neither.
    static func resumeValidator(etag: String?, lastModified: String?) -> String? {
        etag.flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? lastModified
    }

    /// `bytes 100-199/1000` → (100, 1000); a total of `*` is nil.
    static func parseContentRange(_ value: String) -> (start: Int64, total: Int64?)? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else { return nil }
        if parts[1] == "*" { return (first, nil) }
        guard let total = Int64(parts[1]), last < total else { return nil }
        return (first, total)
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

    /// Whether `error` is a refused connection (ECONNREFUSED), as NIO reports it alone or
    /// among the addresses it tried (its description names each).
    static func isRefused(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == ECONNREFUSED }
        return "\(error)".contains("Connection refused")
    }

    /// Names an error from the HTTP client, the channel or the file.
    /// Whether `error` says the connection ended before the response did.
    static func endedEarly(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError: error == .remoteConnectionClosed || error == .bodyLengthMismatch
        case let error as HTTPParserError: error == .invalidEOFState
        default: false
        }
    }

    static func transferError(_ error: any Error, url: String) -> TransferError {
        if let error = error as? TransferError { return error }
        if isRefused(error) {
            let address = URL(string: url).map { url in
                "\(url.host ?? "?"):\(url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))"
            }
            return .connectionRefused(address: address ?? url)
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .redirectLimitReached, .redirectCycleDetected: return .redirectLoop(url: url)
            case .remoteConnectionClosed: return .network("the server closed the connection")
            case .readTimeout: return .network("reading timed out")
            case .connectTimeout: return .network("connecting timed out")
            case .bodyLengthMismatch: return .network("the body did not match its Content-Length")
            case .invalidURL, .emptyHost, .emptyScheme: return .malformedResponse("\(url) is not a valid URL")
            default: return .network("\(error)")
            }
        }
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState { return .network("the connection closed before the end of the response") }
            return .malformedResponse("not HTTP (\(error))")
        }
        if error is NIOSSLError || error is NIOSSLExtraError { return .tls(url: url, reason: "\(error)") }
        if error is CancellationError { return .network("cancelled") }
        return .network("\(error)")
    }
}
