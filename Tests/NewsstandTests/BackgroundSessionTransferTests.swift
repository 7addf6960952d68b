import BackgroundRuntime
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import Synchronization
import TestSupport
import Testing

/// The background sessions' transfer service over real HTTP on loopback: a running transfer is
/// downloaded while the app is suspended and wakes it with the file; a dropped connection is
/// resumed with Range where it stopped, by the next attempt or by a new service; a refused
/// connection fails with a sentence that names it.
@Suite("Background session transfers over HTTP", .temporaryDirectory)
struct BackgroundSessionTransferTests {
    static let body = Array((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    @Test func aDownloadWhileTheAppIsSuspendedWakesItWithTheFile() async throws {
        let server = try await HostileServer { _, _ in Self.whole() }
        let rig = SessionRig()
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        await rig.waitForEvents()
        #expect(rig.log.all == [
            "handleEvents(downloads)", "task \(task) finished: \(Self.body.count) bytes",
            "task \(task) completed: no error", "urlSessionDidFinishEvents",
        ])
        #expect(rig.device.console.recentMessages.contains {
            $0.hasPrefix("Background transfer \(task) of session downloads finished: \(rig.service.finishedFile(ofTask: task).path)")
        })
        #expect(rig.device.backgroundTransfers.isEmpty)
        await rig.stop()
        await server.stop()
    }

    @Test func aDroppedConnectionIsResumedWithRangeWhereItStopped() async throws {
        let half = 120_000
        let server = try await HostileServer { request, index in
            index == 0 ? Self.whole(upTo: half) : Self.rest(from: request.rangeStart ?? 0)
        }
        let rig = SessionRig()
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        rig.device.pressHome()
        await rig.waitForEvents(step: .seconds(1))
        #expect(rig.log.all.contains("task \(task) finished: \(Self.body.count) bytes"))
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.rangeStart == half, "the second attempt asks for the rest")
        #expect(server.requests.last?.header("If-Range") == "\"v1\"")
        #expect(try Data(contentsOf: rig.service.finishedFile(ofTask: task)) == Data(Self.body))
        await rig.stop()
        await server.stop()
    }

    @Test func aNewServiceResumesWhatTheOldOneLeft() async throws {
        let half = 120_000
        let server = try await HostileServer { request, index in
            index == 0 ? Self.whole(upTo: half) + [.hold] : Self.rest(from: request.rangeStart ?? 0)
        }
        let rig = SessionRig()
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        let part = rig.service.partFile(ofTask: task)
        await rig.wait { (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int) == half }
        await rig.service.shutdown()
        let next = BackgroundSessionTransferService(device: rig.device, dataDirectory: rig.dataDirectory)
        next.start()
        await rig.waitForEvents(finished: true)
        #expect(rig.log.all.contains("task \(task) finished: \(Self.body.count) bytes"))
        #expect(server.requests.last?.rangeStart == half)
        #expect(rig.device.console.recentMessages.contains(
            "Background transfer \(task): resuming http://127.0.0.1:\(server.port)/a.bin at byte \(half) (120.0 kB)"))
        await next.shutdown()
        await rig.stop()
        await server.stop()
    }

    @Test func aDiscretionaryTransferIsFetchedOnlyOnceTheSystemRunsIt() async throws {
        let powered = Atomic<Bool>(false)
        let server = try await HostileServer { _, _ in
            let isRunBySystem = powered.load(ordering: .acquiring)
            #expect(isRunBySystem, "no request before the state machine runs the transfer")
            return Self.whole()
        }
        let rig = SessionRig(discretionary: true)
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        #expect(rig.device.backgroundTransfers.map(\.phase) == [.waitingForPower])
        rig.device.runUntilIdle()
        powered.store(true, ordering: .releasing)
        rig.device.conditions.setExternalPower(true)
        await rig.waitForEvents(finished: true)
        #expect(rig.log.all.contains("task \(task) finished: \(Self.body.count) bytes"))
        #expect(server.requests.count == 1)
        await rig.stop()
        await server.stop()
    }

    /// The device announces every change `status` shows; the service reads the transfers only
    /// when they changed (issue 43: no dictionary rebuilt under the device's lock per publish).
    @Test func aChangeThatLeavesTheTransfersAloneIsNotFollowed() async throws {
        let rig = SessionRig(discretionary: true)
        let before = rig.service.follows
        _ = try #require(rig.download("http://127.0.0.1:9/a.bin"))
        #expect(rig.service.follows == before + 1)
        _ = try #require(rig.download("http://127.0.0.1:9/b.bin"))
        #expect(rig.service.follows == before + 2)
        rig.device.pressHome()
        rig.device.conditions.setLowPowerMode(true)
        rig.device.runUntilIdle()
        #expect(rig.device.appState == .suspended)
        #expect(rig.service.follows == before + 2, "the app's state and the conditions changed, not the transfers")
        #expect(rig.device.backgroundTransfers.map(\.phase) == [.waitingForPower, .waitingForPower])
        await rig.stop()
    }

    @Test func aTransferEndedByHandIsNoLongerFetched() async throws {
        let server = try await HostileServer { _, _ in Self.whole(upTo: 1000) + [.hold] }
        let rig = SessionRig()
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        let part = rig.service.partFile(ofTask: task)
        await rig.wait { FileManager.default.fileExists(atPath: part.path) && server.requests.count == 1 }
        #expect(rig.device.endTransfer(.finished(task: task, location: "/data/by-hand.bin")))
        #expect(rig.log.all.contains("task \(task) finished: no file"))
        await rig.wait { !FileManager.default.fileExists(atPath: part.path) }
        await rig.stop()
        await server.stop()
    }

    @Test func aRefusedConnectionFailsNamingIt() async throws {
        let (port, socket) = refusingPort()
        defer { socket.close() }
        let rig = SessionRig()
        let task = try #require(rig.download("http://127.0.0.1:\(port)/a.bin"))
        await rig.waitForEvents(finished: true, step: .seconds(1))
        let refused = "the connection to 127.0.0.1:\(port) was refused: nothing listens there"
        #expect(rig.log.all.contains(
            "task \(task) completed: NSURLErrorDomain Code=-1004 \"gave up after 3 attempts: \(refused)\""))
        #expect(rig.device.console.recentMessages.contains("Background transfer \(task): \(refused); retrying in 1 s (retry 1 of 2)"))
        await rig.stop()
    }

    @Test func aLyingContentLengthFailsNamingIt() async throws {
        let server = try await HostileServer { _, _ in
            [HostileServer.head("200 OK", ["Content-Length": "1000"]), .send(Array(Self.body.prefix(10)))]
        }
        var options = TransferOptions()
        options.retryLimit = 0
        let rig = SessionRig(options: options)
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        await rig.waitForEvents(finished: true)
        #expect(rig.log.all.contains(
            "task \(task) completed: NSURLErrorDomain Code=-1005 \"gave up after 1 attempts: the response ended after 10 of the "
                + "1000 bytes its Content-Length announced\""))
        await rig.stop()
        await server.stop()
    }

    /// The whole body with a strong ETag, optionally cut after `count` bytes (the connection drops).
    static func whole(upTo count: Int = body.count) -> [HostileServer.Step] {
        [HostileServer.head("200 OK", ["Content-Length": "\(body.count)", "ETag": "\"v1\""]), .send(Array(body.prefix(count)))]
    }

    /// The body from `start`, as 206 Partial Content.
    static func rest(from start: Int) -> [HostileServer.Step] {
        [
            HostileServer.head("206 Partial Content", [
                "Content-Length": "\(body.count - start)", "ETag": "\"v1\"",
                "Content-Range": "bytes \(start)-\(body.count - 1)/\(body.count)",
            ]),
            .send(Array(body[start...])),
        ]
    }
}
