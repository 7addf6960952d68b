@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundWire
import Foundation
import Synchronization
import Testing

/// A question from the app's own process, answered on the answers' socket to the thread that
/// asked: never before the frames the system sent ahead of the answer have been handed on; a
/// second thread asking meanwhile is answered on the link; the system gone, the question ends.
@Suite("Answers to the app's own process")
struct AnswerSocketTests {
    /// The app's link over real socket pairs, and the test as the system at their other ends.
    private final class Link: Sendable {
        /// What the system read, with a signal for each message; and what the app's reading
        /// thread does with a delivery, before it counts as handed on.
        final class Inbox: Sendable {
            let received = Mutex<[AppProcessMessage]>([])
            let arrived = DispatchSemaphore(value: 0)
            let onDelivery = Mutex<@Sendable () -> Void>({})
        }

        let executor = AppMainExecutor(runsAsJobsArrive: false)
        let link: SocketSystemLink
        let system: FrameChannel
        let systemAnswers: AnswerSocket
        private let appAnswers: AnswerSocket
        let inbox = Inbox()

        init() {
            let (appEnd, systemEnd) = Self.pair()
            let (appAnswers, systemAnswers) = Self.pair()
            let channel = FrameChannel(descriptor: appEnd)
            self.appAnswers = AnswerSocket(descriptor: appAnswers)
            link = SocketSystemLink(channel: channel, answers: self.appAnswers, executor: executor, consoleLinger: 3600)
            self.systemAnswers = AnswerSocket(descriptor: systemAnswers)
            system = FrameChannel(descriptor: systemEnd)
            let (link, inbox) = (link, inbox)
            channel.startReading(name: "test-app") { message in
                switch message {
                case .answer(let answer, let id): link.receive(answer, for: id)
                case .deliver: inbox.onDelivery.withLock { $0 }()
                default: break
                }
            } ended: { _ in link.close() }
            system.startReading(name: "test-system") { message in
                inbox.received.withLock { $0.append(message) }
                inbox.arrived.signal()
            } ended: { _ in }
        }

        private static func pair() -> (Int32, Int32) {
            var ends: [Int32] = [0, 0]
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            return (ends[0], ends[1])
        }

        /// The next message the system reads (waited for at most 60 s: the suite's other tests
        /// keep the machine busy).
        func next() -> AppProcessMessage? {
            guard inbox.arrived.wait(timeout: .now() + 60) == .success else { return nil }
            return inbox.received.withLock { $0.removeFirst() }
        }

        /// Ends the system's side: the link's socket shut down, the answers' closed.
        func close() {
            system.close()
            systemAnswers.close()
        }

        deinit { appAnswers.close() }
    }

    /// `call`, asked on a thread of its own; `answered` once it returns, with its answer.
    private final class Asking: Sendable {
        let answer = Mutex<AppAnswer??>(nil)
        let answered = DispatchSemaphore(value: 0)

        init(_ call: AppCall, on link: SocketSystemLink, then: @escaping @Sendable () -> Void = {}) {
            Thread { [self] in
                let got = link.ask(call)
                answer.withLock { $0 = .some(got) }
                then()
                answered.signal()
            }.start()
        }

        /// The answer, once the call returned (within 60 s).
        func result() -> AppAnswer?? {
            guard answered.wait(timeout: .now() + 60) == .success else { return nil }
            return answer.withLock { $0 }
        }
    }

    @Test func theAnswerReturnsOnlyOnceTheFramesSentBeforeItHaveBeenHandedOn() throws {
        let app = Link()
        defer { app.close() }
        let order = Mutex<[String]>([])
        let returned = DispatchSemaphore(value: 0)
        // The app's reading thread hands the delivery on slowly: it waits up to a second for
        // the question to return first, which it must not.
        app.inbox.onDelivery.withLock {
            $0 = {
                _ = returned.wait(timeout: .now() + 1)
                order.withLock { $0.append("delivery handed on") }
            }
        }
        let asking = Asking(.backgroundTimeRemaining, on: app.link) {
            order.withLock { $0.append("question returned") }
            returned.signal()
        }
        #expect(app.next() == .question(.backgroundTimeRemaining, jobsStarted: 0))
        app.system.send(.deliver(.finishLaunching(.user), launch: 1))
        app.systemAnswers.send(.questionAnswered(.seconds(5), framesBefore: app.system.framesQueued))
        #expect(asking.result() == .some(.seconds(5)))
        #expect(order.withLock { $0 } == ["delivery handed on", "question returned"])
    }

    @Test func aThreadThatAsksWhileAnotherWaitsOnTheAnswersSocketIsAnsweredOnTheLink() throws {
        let app = Link()
        defer { app.close() }
        let first = Asking(.backgroundTimeRemaining, on: app.link)
        #expect(app.next() == .question(.backgroundTimeRemaining, jobsStarted: 0))
        let second = Asking(.deviceClock, on: app.link)
        guard case .call(.deviceClock, let id?, _)? = app.next() else {
            Issue.record("the second question did not come on the link with an id")
            return
        }
        app.system.send(.answer(.deviceClock(nanoseconds: 7, isRealTime: true), id: id))
        #expect(second.result() == .some(.deviceClock(nanoseconds: 7, isRealTime: true)))
        app.systemAnswers.send(.questionAnswered(.seconds(1), framesBefore: app.system.framesQueued))
        #expect(first.result() == .some(.seconds(1)))
        // The answers' socket is free again: the next question goes there.
        let third = Asking(.backgroundTimeRemaining, on: app.link)
        #expect(app.next() == .question(.backgroundTimeRemaining, jobsStarted: 0))
        app.systemAnswers.send(.questionAnswered(nil, framesBefore: app.system.framesQueued))
        #expect(third.result() == .some(nil))
    }

    @Test func aQuestionTheSystemLeavesByClosingEndsWithoutAnAnswer() throws {
        let app = Link()
        let asking = Asking(.backgroundTimeRemaining, on: app.link)
        #expect(app.next() == .question(.backgroundTimeRemaining, jobsStarted: 0))
        app.close()
        #expect(asking.result() == .some(nil))
    }

    @Test func anAnswersSocketReadsWholeFramesAndNothingElse() throws {
        for bytes: [UInt8] in [[0, 0], [0, 0, 0, 3, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF]] {
            var ends: [Int32] = [0, 0]
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            let reader = AnswerSocket(descriptor: ends[0])
            defer { reader.close() }
            _ = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
            Glibc.close(ends[1])
            #expect(reader.receive() == nil, "\(bytes)")
        }
    }
}
