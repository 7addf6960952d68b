import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

/// Receives one response for the transfer service: it hands the head over and waits until
/// the service has judged it, then writes each body part to the part file on the event loop
/// that read it — no hop to another thread, so the download keeps up with the network.
final class BodyWriter: HTTPClientResponseDelegate, Sendable {
    typealias Response = Int64

    /// What the writer needs once the head is judged good.
    struct Destination: Sendable {
        let part: PartFile
        let checkpoints: CheckpointWriter
        let start: Int64
        let checkpointInterval: Int64
        let progress: @Sendable (_ bytes: Int64, _ total: Int64) -> Void
    }

    private struct State {
        var destination: Destination?
        var position: Int64 = 0
        var sinceCheckpoint: Int64 = 0
        var isHeadSettled = false
    }

    private let head: EventLoopPromise<HTTPResponseHead>
    private let proceed: EventLoopPromise<Void>
    private let state = Mutex(State())

    init(eventLoop: any EventLoop) {
        head = eventLoop.makePromise()
        proceed = eventLoop.makePromise()
    }

    /// The response head, once it came; throws if the request failed before it.
    func responseHead() async throws -> HTTPResponseHead {
        try await head.futureResult.get()
    }

    /// Lets the body flow into `destination`.
    func start(_ destination: Destination) {
        state.withLock { state in
            state.destination = destination
            state.position = destination.start
        }
        proceed.succeed()
    }

    /// The request failed: whoever waits for the head or the go-ahead hears it.
    func fail(_ error: any Error) {
        let settleHead = state.withLock { state in
            defer { state.isHeadSettled = true }
            return !state.isHeadSettled
        }
        if settleHead { head.fail(error) }
        proceed.fail(error)
    }

    /// The offset after the last byte written.
    var position: Int64 { state.withLock { $0.position } }

    func didReceiveHead(task: HTTPClient.Task<Int64>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let settleHead = state.withLock { state in
            defer { state.isHeadSettled = true }
            return !state.isHeadSettled
        }
        if settleHead { self.head.succeed(head) }
        return proceed.futureResult
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Int64>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let count = Int64(buffer.readableBytes)
        let step = state.withLock { state -> (destination: Destination, offset: Int64, checkpoint: Int64?)? in
            guard let destination = state.destination else { return nil }
            let offset = state.position
            state.position += count
            state.sinceCheckpoint += count
            guard state.sinceCheckpoint >= destination.checkpointInterval else { return (destination, offset, nil) }
            state.sinceCheckpoint = 0
            return (destination, offset, state.position)
        }
        guard let step else { return task.eventLoop.makeFailedFuture(TransferError.malformedResponse("a body before its head")) }
        do {
            try buffer.withUnsafeReadableBytes { bytes in try step.destination.part.write(bytes, at: step.offset) }
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
        step.destination.progress(count, step.offset + count)
        if let checkpoint = step.checkpoint { step.destination.checkpoints.request(checkpoint) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Int64>, _ error: any Error) {
        fail(error)
    }

    func didFinishRequest(task: HTTPClient.Task<Int64>) throws -> Int64 {
        position
    }
}
