import BackgroundRuntime
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing

/// Background sessions across a restart of the system (a new device on the same storage
/// directory), as nsurlsessiond keeps them across its own: a running transfer resumes with
/// Range from the bytes on disk, an ended one still launches the app for its events, and a
/// store file that cannot be read is named and set aside while the rest of the system starts.
@Suite("Background session transfers across a restart", .temporaryDirectory)
struct BackgroundSessionRestartTests {
    typealias Body = BackgroundSessionTransferTests

    @Test func aHalfDoneTransferResumesWithRangeFromTheBytesOnDisk() async throws {
        let half = 120_000
        let server = try await HostileServer { request, index in
            index == 0 ? Body.whole(upTo: half) + [.hold] : Body.rest(from: request.rangeStart ?? 0)
        }
        let rig = SessionRig(persistent: true)
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        let part = rig.service.partFile(ofTask: task)
        await rig.wait { Self.size(of: part) == half }
        await rig.stop()
        let onDisk = try #require(Self.size(of: part))

        let next = rig.restarted()
        let restored = "Background sessions: 1 transfer(s) of 1 session(s) restored from "
        #expect(next.device.console.recentMessages.contains { $0.hasPrefix(restored) })
        await next.waitForEvents()
        #expect(server.requests.count == 2)
        #expect(onDisk > 0)
        #expect(server.requests.last?.header("Range") == "bytes=\(onDisk)-", "the restarted service asks for the rest")
        #expect(next.log.all == [
            "handleEvents(downloads)", "task \(task) finished: \(Body.body.count) bytes", "task \(task) completed: no error",
            "urlSessionDidFinishEvents",
        ])
        #expect(try Data(contentsOf: next.service.finishedFile(ofTask: task)) == Data(Body.body))
        #expect(next.device.backgroundTransfers.isEmpty)
        await next.stop()
        await server.stop()
    }

    @Test func anEndedTransferNotYetHeardLaunchesTheAppAfterTheRestart() async throws {
        let server = try await HostileServer { _, _ in Body.whole() }
        // The app makes its session only on screen: launched for the events, it does not hear them.
        let rig = SessionRig(discretionary: true, persistent: true, makesSessionAtLaunch: false)
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        rig.device.terminate(.system(reason: "memory"))
        rig.device.conditions.setExternalPower(true)
        await rig.wait { rig.log.all == ["handleEvents(downloads)"] && rig.device.appState != .notRunning }
        #expect(rig.device.backgroundTransfers.map(\.phase) == [.ended])
        await rig.stop()

        let next = rig.restarted()
        #expect(next.device.backgroundTransfers.map(\.task) == [task])
        await next.waitForEvents()
        #expect(next.log.all == [
            "handleEvents(downloads)", "task \(task) finished: \(Body.body.count) bytes", "task \(task) completed: no error",
            "urlSessionDidFinishEvents",
        ])
        #expect(next.device.backgroundTransfers.isEmpty)
        #expect(server.requests.count == 1, "nothing is fetched again")
        await next.stop()
        await server.stop()
    }

    @Test func aForceQuitStillHoldsTheLaunchAfterTheRestart() async throws {
        let server = try await HostileServer { _, _ in Body.whole(upTo: 1000) + [.hold] }
        let rig = SessionRig(persistent: true)
        let task = try #require(rig.download("http://127.0.0.1:\(server.port)/a.bin"))
        await rig.wait { server.requests.count == 1 }
        rig.device.terminate()
        #expect(rig.device.backgroundTransfers.map(\.phase) == [.ended])
        await rig.stop()

        let next = rig.restarted()
        next.device.runUntilIdle()
        #expect(next.device.appState == .notRunning, "not launched: the user swiped the app away")
        #expect(next.device.console.recentMessages.contains {
            $0.hasPrefix("Background session downloads: every transfer ended; ") && $0.contains("as the user swiped it away")
        })
        next.device.launch()
        #expect(next.log.all == [
            "task \(task) completed: NSURLErrorDomain Code=-999 \"cancelled\" NSURLErrorBackgroundTaskCancelledReasonKey=0"
        ])
        await next.stop()
        await server.stop()
    }

    @Test(arguments: [
        "{\"version\": 1, \"sessions\": [{\"identifier\": \"downl", "\u{0}\u{1}garbage",
        "{\"version\": 1, \"nextTask\": 2, \"userQuitApp\": false, \"sessions\": [], \"transfers\": [{\"id\": 1, "
            + "\"session\": \"gone\", \"url\": \"http://x/\", \"isDiscretionary\": false, \"phase\": \"running\"}]}",
    ])
    func anUnreadableStoreIsNamedAndSetAside(contents: String) async throws {
        let dataDirectory = TestTemporaryDirectory.make("sessions")
        let file = BackgroundSessionStore(directory: dataDirectory).fileURL
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)

        let rig = SessionRig(persistent: true, dataDirectory: dataDirectory)
        let line = rig.device.console.recentMessages.first { $0.hasPrefix("Background sessions: cannot read the transfers: ") }
        #expect(line?.hasPrefix("Background sessions: cannot read the transfers: \(file.path): ") == true)
        #expect(line?.hasSuffix("; it was moved to \(file.path).corrupt. Starting with none") == true)
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
        #expect(rig.device.backgroundTransfers.isEmpty)
        #expect(rig.device.appState == .active, "the rest of the system starts")
        #expect(rig.download("http://127.0.0.1:1/a.bin") == 1)
        await rig.stop()
    }

    private static func size(of file: URL) -> Int? {
        try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
    }
}
