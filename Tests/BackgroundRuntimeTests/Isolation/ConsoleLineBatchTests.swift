@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundWire
import Foundation
import Synchronization
import Testing

/// The console lines of an app in its own process: the first its main thread logs during a wake
/// goes at once, and the others of the wake as one call, in order with its other calls; any
/// other line goes at once; and a job that never returns does not keep what it logged.
@Suite("Console lines from the app's own process")
struct ConsoleLineBatchTests {
    /// The app's end of a socket pair (a link on a test executor) and the system's, which
    /// collects the messages it reads.
    private final class Link: Sendable {
        /// What the system read.
        private final class Inbox: Sendable {
            let received = Mutex<[AppProcessMessage]>([])
            let arrived = DispatchSemaphore(value: 0)
        }

        let executor = AppMainExecutor(runsAsJobsArrive: false)
        let link: SocketSystemLink
        private let system: FrameChannel
        private let inbox = Inbox()

        init() {
            var ends: [Int32] = [0, 0]
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            // No line leaves for having waited: each test sees only the flushes it means.
            link = SocketSystemLink(channel: FrameChannel(descriptor: ends[0]), answers: nil, executor: executor, consoleLinger: 3600)
            let link = link
            executor.afterEachWake { link.wakeEnded() }
            executor.thaw()
            system = FrameChannel(descriptor: ends[1])
            system.startReading(name: "test-system") { [inbox] message in
                inbox.received.withLock { $0.append(message) }
                inbox.arrived.signal()
            } ended: { _ in }
        }

        /// Every call the system has read, once `count` more messages came (each waited for at
        /// most 60 s: the suite's other tests keep the machine busy).
        func calls(_ count: Int) -> [AppCall] {
            for _ in 0..<count where inbox.arrived.wait(timeout: .now() + 60) == .timedOut { break }
            return inbox.received.withLock { messages in
                messages.compactMap { if case .call(let call, _, _) = $0 { call } else { nil } }
            }
        }

        func close() {
            link.close()
            system.close()
        }
    }

    /// "a" leaves alone, ahead of the lines held after it: had it been held, it would have left
    /// with them.
    @Test func theFirstLineOfAWakeGoesAtOnceAndTheOthersAsOneCallBeforeTheCallsThatFollowThem() {
        let app = Link()
        defer { app.close() }
        let link = app.link
        app.executor.post {
            link.log("a")
            link.log("b")
            link.log("c")
            link.tell(.cancelAppTimer(id: 1))
            link.log("d")
        }
        app.executor.post { link.log("e") }
        #expect(app.executor.drain() == 2)
        #expect(app.calls(4) == [.log(lines: ["a"]), .log(lines: ["b", "c"]), .cancelAppTimer(id: 1), .log(lines: ["d", "e"])])
        // The next wake's first line goes alone again.
        app.executor.post {
            link.log("f")
            link.log("g")
        }
        app.executor.drain()
        #expect(app.calls(2).suffix(2) == [.log(lines: ["f"]), .log(lines: ["g"])])
    }

    @Test func aLineFromAnotherThreadGoesAtOnce() {
        let app = Link()
        defer { app.close() }
        app.link.log("from a queue of the app's")
        #expect(app.calls(1) == [.log(lines: ["from a queue of the app's"])])
    }

    @Test func aFullBatchGoesWithoutWaitingForTheWakeToEnd() {
        let app = Link()
        defer { app.close() }
        let link = app.link
        let lines = (0...ConsoleLineBatch.capacity + 1).map { "line \($0)" }
        app.executor.post {
            for line in lines { link.log(line) }
        }
        app.executor.drain()
        #expect(app.calls(3) == [
            .log(lines: [lines[0]]), .log(lines: Array(lines[1...ConsoleLineBatch.capacity])), .log(lines: [lines.last!]),
        ])
    }

    /// A job that hangs (the launch watchdog kills such an app) has its lines shown all the same.
    @Test func aHeldLineLeavesOnItsOwnWhenNothingFlushesIt() {
        let flushed = DispatchSemaphore(value: 0)
        let taken = Mutex<[[String]]>([])
        let batch = ConsoleLineBatch { batch in
            if let lines = batch.take() { taken.withLock { $0.append(lines) } }
            flushed.signal()
        }
        // The wake's first line is sent at once, by whoever holds the batch.
        #expect(batch.hold("first", duringWake: true))
        #expect(batch.take() == ["first"])
        #expect(!batch.hold("before the hang", duringWake: true))
        #expect(flushed.wait(timeout: .now() + 10) == .success)
        #expect(taken.withLock { $0 } == [["before the hang"]])
        // The thread waits for the next held line, and takes it on its own again.
        #expect(!batch.hold("later", duringWake: true))
        #expect(flushed.wait(timeout: .now() + 10) == .success)
        #expect(taken.withLock { $0 } == [["before the hang"], ["later"]])
        // A line outside a wake is never held.
        #expect(batch.hold("from another thread", duringWake: false))
    }
}
