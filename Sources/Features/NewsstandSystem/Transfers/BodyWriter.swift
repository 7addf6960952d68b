import AsyncHTTPClient
import BackgroundSystem
import BackgroundWire
import NIOCore
import NIOHTTP1
import NewsstandWire
import Synchronization

/// Receives one response for the transfer service. The head is judged and each body part
/// written to the part file on the event loop that read it, at once: no part ever waits in
/// the HTTP client's buffers, where a connection that drops would throw it away, and no hop
/// to another thread, so the download keeps up with the network.
final class BodyWriter: HTTPClientResponseDelegate, Sendable {
    typealias Response = Int64

    /// What the writer needs once the head is judged good.
    struct Destination: Sendable {
        let part: PartFile
        let checkpoints: CheckpointWriter
        let start: Int64
        /// The length the response announced, if it did.
        let expected: Int64?
        let checkpointInterval: Int64
        let progress: @Sendable (_ bytes: Int64, _ total: Int64) -> Void
    }

    /// What a response head means for the attempt.
    enum Verdict: Sendable {
        /// The body goes to this destination.
        case write(Destination)
        /// What is on disk cannot be continued: the attempt ends, and the download starts over.
        case restart(String)
    }

    /// Judges a response head, on the event loop that read it.
    typealias Judge = @Sendable (HTTPResponseHead) throws(TransferError) -> Verdict

    private struct State {
        var destination: Destination?
        var position: Int64 = 0
        var sinceCheckpoint: Int64 = 0
        var ending: Ending?
    }

    /// Why the writer itself ended the request.
    enum Ending: Sendable {
        case restart(String)
        case failed(TransferError)
    }

    private let judge: Judge
    private let state = Mutex(State())

    init(judge: @escaping Judge) {
        self.judge = judge
    }

    /// The offset after the last byte written.
    var position: Int64 { state.withLock { $0.position } }

    /// Where the body goes, once the head was judged good.
    var destination: Destination? { state.withLock { $0.destination } }

    /// Why the writer ended the request, if it did: the head asked for a restart or was refused,
    /// or a write failed.
    var ending: Ending? { state.withLock { $0.ending } }

    func didReceiveHead(task: HTTPClient.Task<Int64>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let ending: Ending
        do {
            switch try judge(head) {
            case .write(let destination):
                state.withLock { state in
                    state.destination = destination
                    state.position = destination.start
                }
                return task.eventLoop.makeSucceededVoidFuture()
            case .restart(let reason):
                ending = .restart(reason)
            }
        } catch {
            ending = .failed(error)
        }
        return end(task, ending)
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Int64>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let count = Int64(buffer.readableBytes)
        let step = state.withLock { state -> (destination: Destination, offset: Int64, checkpoint: Int64?)? in
            guard let destination = state.destination else { return nil }
            let offset = state.position
            state.sinceCheckpoint += count
            guard state.sinceCheckpoint >= destination.checkpointInterval else { return (destination, offset, nil) }
            state.sinceCheckpoint = 0
            return (destination, offset, offset + count)
        }
        guard let step else { return end(task, .failed(.malformedResponse("a body before its head"))) }
        do {
            try buffer.withUnsafeReadableBytes { bytes in try step.destination.part.write(bytes, at: step.offset) }
        } catch {
            return end(task, .failed(error as? TransferError ?? .disk("\(error)")))
        }
        // Counted only once written: the position is what the part file holds.
        state.withLock { $0.position = step.offset + count }
        step.destination.progress(count, step.offset + count)
        if let checkpoint = step.checkpoint { step.destination.checkpoints.request(checkpoint) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Int64>, _ error: any Error) {}

    func didFinishRequest(task: HTTPClient.Task<Int64>) throws -> Int64 {
        position
    }

    private func end(_ task: HTTPClient.Task<Int64>, _ ending: Ending) -> EventLoopFuture<Void> {
        state.withLock { $0.ending = ending }
        return task.eventLoop.makeFailedFuture(HTTPClientError.cancelled)
    }
}
