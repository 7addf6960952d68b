import BackgroundRuntime
import DemoPeers
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing
@testable import TheBackgrounder

/// What a device does with the app while Newsstand downloads an issue (``Rule/newsstand``): the
/// app is suspended, hears nothing until the download ends, and is woken or launched for its
/// end — unless the user swiped it away. Under a debugger it keeps running, as in the tutorial.
@Suite("Newsstand's background rules, against a real server", .serialized, .temporaryDirectory)
struct BackgroundRulesTests {
    /// A content server slow enough that the download outlasts a few steps of the test.
    private func slowServer(bytesPerSecond: Int64 = 600_000, pages: Int = 120) async throws -> RunningContentServer {
        try await RunningContentServer(
            rate: ByteRate(bytesPerSecond: bytesPerSecond), issue: IssuePDF(pageCount: pages, segmentLength: 10_000))
    }

    /// The Newsstand tab downloading the slow server's issue, on screen.
    private func downloading(
        bytesPerSecond: Int64 = 600_000, debuggerAttached: Bool = false
    ) async throws -> (RunningContentServer, Backgrounder) {
        let server = try await slowServer(bytesPerSecond: bytesPerSecond)
        let backgrounder = makeBackgrounder(debuggerAttached: debuggerAttached)
        #expect(await backgrounder.execute("newsstand download \(server.url)") == .done)
        return (server, backgrounder)
    }

    @Test func theAppIsSuspendedDuringTheDownloadAndWokenAtItsEnd() async throws {
        let (server, backgrounder) = try await downloading()
        defer { Task { await server.stop() } }
        #expect(await backgrounder.execute("home") == .done)
        #expect(backgrounder.device.appState == .suspended)
        #expect(backgrounder.device.status().activities == [])
        let written = backgrounder.issue()?.bytesWritten ?? 0
        await backgrounder.pump { (backgrounder.issue()?.bytesWritten ?? 0) > written + 200_000 }
        #expect(backgrounder.device.appState == .suspended, "the system downloads; the app stays suspended")

        await backgrounder.pump { backgrounder.issue()?.status == .available }
        let messages = backgrounder.messages
        let woken = try #require(messages.firstIndex(of: "Woken in the background: Newsstand download of issue test finished"))
        let finished = try #require(messages.firstIndex(of: "App is backgrounded. Download finished"))
        #expect(woken < finished)
        #expect(!messages.contains { $0.hasPrefix("App is backgrounded. Progress = ") })
        #expect(backgrounder.device.appState == .suspended, "suspended again once the finish was handled")
        #expect(backgrounder.newsstand.contentFiles(ofIssue: "test") == ["the-backgrounder-2013.pdf"])
        #expect(await backgrounder.execute("open") == .done)
        #expect(backgrounder.newsstandSnapshot?.documentPath?.hasSuffix("the-backgrounder-2013.pdf") == true)
    }

    @Test func aSuspendedAppGetsNoProgressAndTheNextCallCountsEveryByte() async throws {
        let server = try await slowServer(pages: 300)
        defer { Task { await server.stop() } }
        let backgrounder = makeBackgrounder()
        let log = DownloadLog()
        backgrounder.download(server.url, into: "issue", log: log)
        await backgrounder.pump { !log.progress.isEmpty }
        #expect(await backgrounder.execute("home") == .done)
        #expect(backgrounder.device.appState == .suspended)
        let heard = log.progress.count
        let written = backgrounder.issue("issue")?.bytesWritten ?? 0
        await backgrounder.pump { (backgrounder.issue("issue")?.bytesWritten ?? 0) > written + 500_000 }
        #expect(log.progress.count == heard, "a suspended app hears no progress: \(log.all.suffix(3))")

        #expect(await backgrounder.execute("open") == .done)
        await backgrounder.pump { log.progress.dropFirst(heard).contains { $0.bytes > 500_000 } }
        // A call the system sent just before the app was suspended waits in the app's queue and
        // comes first; the call after it counts every byte the suspended app did not hear.
        let calls = log.progress
        let merged = try #require(calls.indices.dropFirst(heard).first { calls[$0].bytes > 500_000 })
        #expect(merged <= heard + 1, "the first call sent after the app ran again: \(calls.suffix(from: heard - 1))")
        for index in (heard - 1)..<merged {
            let (before, after) = (calls[index], calls[index + 1])
            #expect(after.bytes == after.total - before.total, "every byte since the last call: \(before), \(after)")
        }
    }

    @Test func aDownloadThatEndsAfterTheAppWasTerminatedLaunchesItForNewsstand() async throws {
        let (server, backgrounder) = try await downloading(bytesPerSecond: 1_000_000)
        defer { Task { await server.stop() } }
        #expect(await backgrounder.execute("home") == .done)
        backgrounder.device.terminate(.system(reason: "memory pressure"))
        #expect(backgrounder.device.appState == .notRunning)
        await backgrounder.pump { backgrounder.issue()?.status == .available }
        #expect(backgrounder.device.launchReason == .newsstand)
        #expect(backgrounder.messages.contains("Newsstand: launching TheBackgrounder to hand it issue test"))
        #expect(backgrounder.messages.contains("App is backgrounded. Download finished"))
        #expect(backgrounder.newsstand.contentFiles(ofIssue: "test") == ["the-backgrounder-2013.pdf"])
    }

    @Test func anAppTheUserSwipedAwayIsNotLaunchedForItsDownload() async throws {
        let (server, backgrounder) = try await downloading(bytesPerSecond: 1_000_000)
        defer { Task { await server.stop() } }
        #expect(await backgrounder.execute("terminate") == .done)
        backgrounder.testDevice.advance(by: .seconds(5))
        #expect(backgrounder.device.appState == .notRunning)
        let launches = backgrounder.device.launchCount
        await backgrounder.pump { backgrounder.messages.contains { $0.hasSuffix("as the user swiped it away: it is handed over when the user opens the app") } }
        #expect(backgrounder.messages.contains(
            "Newsstand: the download of issue test finished; TheBackgrounder is not launched for it, as the user swiped it away: it is handed over when the user opens the app"))
        #expect(backgrounder.device.appState == .notRunning)
        #expect(backgrounder.device.launchCount == launches)
        #expect(backgrounder.issue()?.status == .downloading, "not handed over yet")

        #expect(await backgrounder.execute("open") == .done)
        await backgrounder.pump { backgrounder.issue()?.status == .available }
        #expect(backgrounder.device.launchReason == .user)
        #expect(backgrounder.newsstandSnapshot?.documentPath?.hasSuffix("the-backgrounder-2013.pdf") == true)
        #expect(!backgrounder.messages.contains("App is backgrounded. Download finished"))
    }

    @Test func withTheDebuggerAttachedTheTutorialsProgressLinesCome() async throws {
        let (server, backgrounder) = try await downloading(debuggerAttached: true)
        defer { Task { await server.stop() } }
        #expect(await backgrounder.execute("home") == .done)
        #expect(backgrounder.device.appState == .background)
        let start = backgrounder.device.now
        await backgrounder.pump(step: .milliseconds(100)) { backgrounder.issue()?.status == .available }
        let elapsed = backgrounder.device.now - start
        let progressLines = backgrounder.messages.filter { $0.hasPrefix("App is backgrounded. Progress = ") }
        #expect(!progressLines.isEmpty)
        #expect(progressLines.count <= Int(elapsed.seconds) + 1, "at most once a second: \(progressLines)")
        #expect(progressLines.allSatisfy { $0.wholeMatch(of: #/App is backgrounded\. Progress = [01]\.\d/#) != nil })
        #expect(backgrounder.messages.last { $0.hasPrefix("App is backgrounded.") } == "App is backgrounded. Download finished")
        #expect(!backgrounder.messages.contains { $0.hasPrefix("Woken in the background") })
        #expect(backgrounder.device.appState == .background, "never suspended under the debugger")
        #expect(await backgrounder.execute("open") == .done)
        #expect(backgrounder.newsstandSnapshot?.documentPath?.hasSuffix("the-backgrounder-2013.pdf") == true)
    }
}
