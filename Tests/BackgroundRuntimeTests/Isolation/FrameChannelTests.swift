@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
import BackgroundRuntimeTesting
@testable import BackgroundSystem
@testable import BackgroundWire
import BackgroundWire
import Foundation
import Synchronization
import Testing

@Suite("Frames between the system and the app's process")
struct FrameChannelTests {
    /// What a channel read, and why it stopped.
    private final class Inbox: Sendable {
        let received = Mutex<[AppProcessMessage]>([])
        let ended = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// A channel on one end of a socket pair, reading into its inbox until it ends; the other
    /// end, raw.
    private final class Pair: Sendable {
        let channel: FrameChannel
        let peer: Int32
        let inbox = Inbox()

        convenience init() {
            var ends: [Int32] = [0, 0]
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            self.init(descriptor: ends[0], peer: ends[1])
        }

        /// A channel reading `descriptor`, whose other end is `peer` (-1: none here).
        init(descriptor: Int32, peer: Int32 = -1) {
            channel = FrameChannel(descriptor: descriptor)
            self.peer = peer
            let inbox = inbox
            channel.startReading(name: "test-frames") { message in
                inbox.received.withLock { $0.append(message) }
            } ended: { why in
                inbox.ended.withLock { $0 = why }
                inbox.done.signal()
            }
        }

        var received: [AppProcessMessage] { inbox.received.withLock { $0 } }

        func write(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { Glibc.write(peer, $0.baseAddress, $0.count) }
        }

        /// Waits (on a thread of Dispatch's) for the reading to end; why it did.
        func why() async -> String? {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { [inbox] in
                    _ = inbox.done.wait(timeout: .now() + 10)
                    continuation.resume(returning: inbox.ended.withLock { $0 })
                }
            }
        }

        deinit { if peer >= 0 { Glibc.close(peer) } }
    }

    @Test func messagesArriveWholeAndInOrderThenTheEndIsNamed() async throws {
        let pair = Pair()
        let messages: [AppProcessMessage] = [
            .deliver(.finishLaunching(.user), launch: 1),
            .call(.beginAssertion(name: "sync", hasExpirationHandler: true, fileID: "A/B.swift", line: 3, launch: 1), id: 7, jobsStarted: 3),
            .answer(.conditions(DeviceConditions()), id: 7),
            .call(.publish(screen: "s", snapshot: PublishedSnapshot(JSONValue.object(["a": .array([.number(1), .null, .string("x")])]))), id: nil, jobsStarted: 3),
            .call(.callService(ServiceMessage(service: "voip", payload: ServicePayload(["send": "pong"]))), id: 8, jobsStarted: 3),
            .answer(.serviceAnswer(nil), id: 8),
            .question(.backgroundTimeRemaining, jobsStarted: 4),
            .questionAnswered(.seconds(2.5), framesBefore: 6),
            .questionAnswered(nil, framesBefore: 7),
            .deliver(.serviceMessage(ServiceMessage(service: "voip", payload: ServicePayload([Int]())), endingActivity: nil), launch: 2),
        ]
        // Sent byte by byte: frames that come in pieces are put together.
        for byte in try messages.flatMap(FrameChannel.frame) { pair.write([byte]) }
        Glibc.shutdown(pair.peer, Int32(SHUT_WR))
        #expect(await pair.why() == "the other process closed the socket")
        #expect(pair.received == messages)
    }

    @Test func aFrameCutShortGarbageAndAnOversizedLengthEndTheChannelByName() async throws {
        let cut = Pair()
        cut.write(Array(try FrameChannel.frame(.call(.date, id: 1, jobsStarted: 3)).dropLast(2)))
        Glibc.shutdown(cut.peer, Int32(SHUT_WR))
        #expect(await cut.why() == "the socket closed in the middle of a frame")

        let garbage = Pair()
        garbage.write([0, 0, 0, 5] + [0x08, 0x7f, 0x7f, 0x7f, 0x7f])
        #expect(await garbage.why()?.hasPrefix("a frame that is not a message: ") == true)

        let huge = Pair()
        huge.write([0xff, 0xff, 0xff, 0xff])
        #expect(await huge.why() == "a frame of 4294967295 bytes, more than \(FrameChannel.maximumFrameLength)")
        #expect(huge.received.isEmpty)
    }

    /// A service's message that hands the app's process `descriptor`.
    private func handing(_ descriptor: Int32) -> AppProcessMessage {
        let message = ServiceMessage(service: "voip", payload: ServicePayload(["socket": 1]), descriptor: PassedDescriptor(descriptor))
        return .deliver(.serviceMessage(message, endingActivity: nil), launch: 1)
    }

    @Test func aDescriptorCrossesBesideItsFrameAsTheSameOpenFile() async throws {
        let pair = Pair()
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { for end in pipeEnds { Glibc.close(end) } }
        // The sender owns what it hands over, and closes it once sent.
        let sender = FrameChannel(descriptor: pair.peer)
        sender.send(.call(.date, id: 1, jobsStarted: 0))
        sender.send(handing(dup(pipeEnds[1])))
        sender.send(.call(.date, id: 2, jobsStarted: 0))
        #expect(await waitUntil { pair.received.count == 3 })
        guard pair.received.count == 3, let received = pair.received[1].passedDescriptor?.value else {
            Issue.record("no descriptor came: \(pair.received)")
            return
        }
        #expect(pair.received[0] == .call(.date, id: 1, jobsStarted: 0) && pair.received[2] == .call(.date, id: 2, jobsStarted: 0))
        var crossed = stat()
        var original = stat()
        #expect(fstat(received, &crossed) == 0 && fstat(pipeEnds[1], &original) == 0)
        #expect(crossed.st_ino == original.st_ino, "the app's descriptor is of the same pipe")
        // Written through the descriptor that crossed, read from the pipe here.
        #expect(Glibc.write(received, "hi", 2) == 2)
        var bytes = [UInt8](repeating: 0, count: 2)
        #expect(Glibc.read(pipeEnds[0], &bytes, 2) == 2 && bytes == Array("hi".utf8))
        Glibc.close(received)
    }

    @Test func aFrameClaimingADescriptorThatDidNotComeEndsTheChannelByName() async throws {
        let pair = Pair()
        // The frame alone, written without SCM_RIGHTS.
        pair.write(try FrameChannel.frame(handing(7)))
        #expect(await pair.why() == "a message of service voip claims a descriptor (SCM_RIGHTS) but none came with it")
        #expect(pair.received.isEmpty)
    }

    @Test func aClosedChannelSendsNothingAndClosingTwiceIsHarmless() async throws {
        let pair = Pair()
        pair.channel.close()
        pair.channel.close()
        #expect(await pair.why() == "the other process closed the socket")
        pair.channel.send(.call(.date, id: 1, jobsStarted: 3))
        var byte: UInt8 = 0
        #expect(Glibc.read(pair.peer, &byte, 1) == 0, "nothing was written after the close")
    }

    /// What an answer on the answers' socket waits for (``AnswerSocket``): the frames sent before it.
    @Test func eachSideCountsItsFramesAndAWaitForMoreThanCameEndsWithTheReading() {
        var ends: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let reader = FrameChannel(descriptor: ends[0])
        let sender = FrameChannel(descriptor: ends[1])
        let handedOn = Mutex(0)
        reader.startReading(name: "test-reader") { _ in handedOn.withLock { $0 += 1 } } ended: { _ in }
        sender.startReading(name: "test-sender") { _ in } ended: { _ in }
        #expect(sender.framesQueued == 0)
        for id in 1...3 { sender.send(.barrier(id: id)) }
        #expect(sender.framesQueued == 3)
        #expect(reader.waitUntilRead(3))
        #expect(handedOn.withLock { $0 } == 3, "a frame counts as read once it was handed on")
        sender.close()
        #expect(!reader.waitUntilRead(4), "the reading ended without a fourth frame")
    }

    @Test func aPeerThatDoesNotReadNeverHoldsTheSenderAndGetsEverythingInOrderOnceItReads() async throws {
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        var small: Int32 = 4096
        setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let sender = FrameChannel(descriptor: ends[0])
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { for end in pipeEnds { Glibc.close(end) } }
        // Far more than the socket holds, as to an app the kernel has frozen, with a descriptor
        // handed over in the middle: each send returns at once, as the system's must.
        let count = 400
        let padding = String(repeating: "x", count: 1000)
        let writeEnd = pipeEnds[1]
        let message: @Sendable (Int) -> AppProcessMessage = { index in
            index == count / 2 ? self.handing(dup(writeEnd))
                : .call(.publish(screen: "s\(index)", snapshot: PublishedSnapshot(JSONValue.string(padding))), id: nil, jobsStarted: index)
        }
        let sent = Atomic<Int>(0)
        Thread {
            for index in 0..<count {
                sender.send(message(index))
                sent.add(1, ordering: .releasing)
            }
        }.start()
        #expect(await waitUntil { sent.load(ordering: .acquiring) == count }, "a send waited for the peer to read")
        let receiver = Pair(descriptor: ends[1])
        #expect(await waitUntil { receiver.received.count == count })
        let received = receiver.received
        #expect(received.count == count)
        for (index, crossed) in received.enumerated() where index != count / 2 {
            #expect(crossed == message(index), "message \(index) came out of order or changed")
        }
        let passed = received.dropFirst(count / 2).first?.passedDescriptor
        #expect(passed != nil, "the descriptor came beside its own frame")
        if let passed { Glibc.close(passed.value) }
        sender.close()
    }

    @Test func everyDeliveryCrossesAsTheSameValue() throws {
        let message = ServiceMessage(service: "voip", payload: ServicePayload(["session": 1]))
        let deliveries: [AppDelivery] = [
            .expirationHandler(BackgroundTaskIdentifier(rawValue: 4)), .didEnterBackground(run: 2),
            .keepAlive(endingActivity: BackgroundActivityToken(id: 3)), .performFetch(number: 1),
            .serviceMessage(message, endingActivity: BackgroundActivityToken(id: 5)),
            .launchContinuedTask(run: 1, identifier: "a.1", pattern: "a.*", title: "t", subtitle: "s"),
            .remoteCommand(.changePlaybackPosition(.seconds(3)), endingActivity: nil), .timerFire(id: 7),
            .systemNotification(.protectedDataWillBecomeUnavailable), .systemNotification(.protectedDataDidBecomeAvailable),
            .sceneWillConnect, .sceneDidDisconnect,
            .handleSessionEvents(number: 1, identifier: "downloads"),
            .sessionEvents(
                identifier: "downloads",
                [
                    .finished(task: 1, location: "/data/a.zip"),
                    .failed(task: 2, BackgroundTransferError(code: -999, cancelledReason: .userForceQuitApplication, message: "cancelled")),
                ],
                urls: [1: "https://example.com/a.zip", 2: "https://example.com/b.zip"],
                finishing: true),
        ]
        for delivery in deliveries {
            let frame = try FrameChannel.frame(.deliver(delivery, launch: 1))
            let decoded = try WireDecoder().decode(AppProcessMessage.self, from: frame.dropFirst(4))
            #expect(decoded == .deliver(delivery, launch: 1))
        }
    }

    /// A screen's snapshot as an app's screen publishes it: integers, a duration, an optional.
    private struct Screen: ScreenSnapshot, Decodable, Equatable {
        let count: Int
        let elapsed: Duration
        let label: String?
    }

    @Test func aSnapshotFromTheAppsProcessReadsBackTypedAndAsJSONExactly() throws {
        let published = Screen(count: 3, elapsed: .seconds(2) + .nanoseconds(1), label: nil)
        let frame = try FrameChannel.frame(.call(.publish(screen: "s", snapshot: PublishedSnapshot(published)), id: nil, jobsStarted: 1))
        guard case .call(.publish(_, let snapshot), _, _) = try WireDecoder().decode(AppProcessMessage.self, from: frame.dropFirst(4)),
            let crossed = snapshot.value as? WireSnapshot
        else {
            Issue.record("the snapshot did not cross as bytes")
            return
        }
        #expect(crossed.decode(Screen.self) == published)
        let json = String(decoding: try JSONEncoder().encode(crossed), as: UTF8.self)
        #expect(json.contains(#""count":3"#), "\(json)")
        #expect(json.contains("2000000001000000000"), "the attoseconds stay exact: \(json)")
    }
}
