import DemoPeers
import TestSupport
import Testing
import UIKit

/// A background `URLSession` used by a plain class of the Swift 6 language mode (``Downloader``),
/// as on iOS, where neither `URLSession` nor its delegate protocols are isolated to the main
/// actor: the class builds, makes its session and starts the task from a background queue, and
/// its delegate runs on the session's delegate queue — the app's main thread when it gives none —
/// over real HTTP on loopback, with the app woken in the background for the session's events.
@Suite("A nonisolated class downloads in the background with URLSession", .temporaryDirectory)
struct NonisolatedURLSessionTests {
    @Test func aSessionMadeOnABackgroundQueueDownloadsAndItsDelegateRunsOnTheMainThread() async throws {
        let heard = try await download(delegateQueue: nil)
        #expect(heard.filter { !$0.hasPrefix("session made") }.allSatisfy { $0.hasSuffix("on main background") }, "\(heard)")
    }

    @Test func itsDelegateRunsOnTheQueueTheSessionWasGiven() async throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let heard = try await download(delegateQueue: queue)
        #expect(heard.filter { !$0.hasPrefix("session made") }.allSatisfy { $0.hasSuffix("on its queue") }, "\(heard)")
    }

    @Test func aTaskCancelledOnTheMainThreadBeforeItsResumeFromABackgroundQueueWasCarriedOutEndsWithMinus999() async throws {
        let server = try await RunningContentServer()
        let rig = DownloaderDevice(delegateQueue: nil)
        await rig.device.holdMainActor()
        rig.device.launch()
        rig.startFromABackgroundQueueThenCancelOnTheMainThread(URL(string: server.url)!)
        #expect(await rig.device.runUntil { rig.heard.lines(startingWith: "completed").count == 1 })
        #expect(rig.heard.lines(startingWith: "completed") == ["completed with code -999 on main active"])
        #expect(rig.device.diagnosticMessages.isEmpty)
        #expect(rig.device.backgroundTransfers.isEmpty, "the system cancelled the transfer it took")
        await rig.stop()
        await server.stop()
    }

    @Test func aDiscretionaryDownloadWhoseTaskSaysItIsSmallStartsOnBattery() async throws {
        // An issue of about 200 KB, under the 1 MB a task may say and still be small.
        let server = try await RunningContentServer(issue: IssuePDF(pageCount: 20, segmentLength: 10_000))
        let rig = DownloaderDevice(delegateQueue: nil)
        await rig.device.holdMainActor()
        rig.device.launch()
        rig.startDownloadFromABackgroundQueue(URL(string: server.url)!, expectedBytes: Int64(server.server.issue.count) + 500)
        // On battery, as in the downloads above, which say nothing and wait for power.
        #expect(await rig.device.runUntil { rig.heard.lines(startingWith: "completed").count == 1 })
        #expect(rig.heard.lines(startingWith: "completed") == ["completed without error on main active"])
        await rig.stop()
        await server.stop()
    }

    /// Starts a download of the content server's issue from a background queue, presses Home
    /// while the discretionary transfer waits for power, gives it power, and waits until the
    /// app, woken for the events, has called the completion handler from the main queue; checks
    /// what the downloader heard, and returns it.
    private func download(delegateQueue: OperationQueue?) async throws -> [String] {
        let server = try await RunningContentServer()
        let rig = DownloaderDevice(delegateQueue: delegateQueue)
        await rig.device.holdMainActor()
        rig.device.launch()
        rig.startDownloadFromABackgroundQueue(URL(string: server.url)!)
        #expect(await rig.device.runUntil { rig.device.backgroundTransfers.map(\.phase) == [.waitingForPower] })
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        rig.device.conditions.setExternalPower(true)
        #expect(await rig.device.runUntilConsoleShows("the app called the completion handler"), "from the main queue")
        let heard = rig.heard.all
        let name = try #require(URL(string: server.url)).lastPathComponent
        #expect(heard.first == "session made elsewhere", "made on the background queue")
        #expect(heard.dropFirst().map { $0.components(separatedBy: " on ").first ?? $0 } == [
            "finished \(server.server.issue.count) bytes of \(name)", "completed without error", "events delivered",
        ])
        #expect(rig.device.diagnosticMessages.isEmpty)
        #expect(rig.device.appState == .suspended, "suspended again once the handler was called")
        #expect(rig.device.backgroundTransfers.isEmpty)
        await rig.stop()
        await server.stop()
        return heard
    }
}
