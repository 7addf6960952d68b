import BackgroundRuntime
import Fetch
import Foundation
import TestSupport
import Testing
import TheBackgrounder

@Suite("The Fetch tab with --fetch-url, against a real HTTP server on loopback", .temporaryDirectory)
struct FetchURLTests {
    /// Runs `body` with a server and TheBackgrounder fetching `path` from it, backgrounded.
    /// Only simulated fetches come: a scheduled one would race manual time against real I/O.
    private func withServer(_ path: String, _ body: (TestHTTPServer, Backgrounder) async throws -> Void) async throws {
        let server = try await TestHTTPServer()
        defer { server.stop() }
        let backgrounder = try makeBackgrounder(fetchURL: server.url(path))
        await backgrounder.run("fetch interval never")
        await backgrounder.run("home")
        try await body(server, backgrounder)
    }

    /// Simulates a background fetch and waits (up to 10 s of real time) for it to complete;
    /// returns what the Fetch screen shows then.
    private func simulateFetch(on backgrounder: Backgrounder) async throws -> Status.FetchScreenStatus {
        let completed = backgrounder.messages.filter { $0.contains("completed with") }.count
        await backgrounder.run("fetch simulate")
        try await waitForCompletions(completed + 1, on: backgrounder)
        return try await backgrounder.status().screens.fetch
    }

    /// Lets the app's jobs run (the HTTP response arrives on a real socket) until `count` fetches
    /// have completed.
    private func waitForCompletions(_ count: Int, on backgrounder: Backgrounder) async throws {
        let completed = await backgrounder.testDevice.runUntil {
            backgrounder.messages.filter { $0.contains("completed with") }.count >= count
        }
        if !completed { Issue.record("the fetch did not complete in 10 s: \(backgrounder.messages.suffix(5))") }
    }

    @Test func anETagChangeIsNewDataAndA304IsNoData() async throws {
        try await withServer("/etag") { server, backgrounder in
            let first = try await simulateFetch(on: backgrounder)
            #expect(first.lastResult == "newData")
            #expect(first.source == server.url("/etag").absoluteString)
            let updated = first.label
            #expect(updated != "Not yet updated")
            await backgrounder.run("wait 60")
            let second = try await simulateFetch(on: backgrounder)
            #expect(second.lastResult == "noData")
            #expect(second.label == updated)
            #expect(backgrounder.messages.contains { $0.contains("(304 Not Modified): noData") })
            try await server.get("/change")
            await backgrounder.run("wait 60")
            let third = try await simulateFetch(on: backgrounder)
            #expect(third.lastResult == "newData")
            #expect(third.label != updated)
            #expect(backgrounder.device.appState == .suspended)
        }
    }

    /// `/dated` has only Last-Modified; `/plain` has no validators, and its body decides.
    @Test(arguments: ["/dated", "/plain"])
    func aChangedResourceIsNewDataAndAnUnchangedOneNoData(path: String) async throws {
        try await withServer(path) { server, backgrounder in
            #expect(try await simulateFetch(on: backgrounder).lastResult == "newData")
            #expect(try await simulateFetch(on: backgrounder).lastResult == "noData")
            try await server.get("/change")
            #expect(try await simulateFetch(on: backgrounder).lastResult == "newData")
        }
    }

    @Test func aServerErrorOrALyingServerIsFailed() async throws {
        try await withServer("/error") { _, backgrounder in
            let status = try await simulateFetch(on: backgrounder)
            #expect(status.lastResult == "failed")
            #expect(status.label == "Not yet updated")
            #expect(backgrounder.messages.contains { $0.contains("(500 Internal Server Error): failed") })
        }
        try await withServer("/lie") { _, backgrounder in
            let status = try await simulateFetch(on: backgrounder)
            #expect(status.lastResult == "failed")
            #expect(backgrounder.messages.contains { $0.contains("304 Not Modified to a request that had no validators") })
        }
    }

    @Test func aServerThatNeverAnswersIsCancelledOnTheDevicesClockBeforeTheBudgetEnds() async throws {
        try await withServer("/hang") { _, backgrounder in
            await backgrounder.run("fetch simulate")
            #expect(backgrounder.device.appState == .background)
            // The screen's own 20-second deadline is a timer on the device's loop.
            backgrounder.testDevice.advance(by: .seconds(20))
            try await waitForCompletions(1, on: backgrounder)
            let status = try await backgrounder.status()
            #expect(status.screens.fetch.lastResult == "failed")
            #expect(status.state == "suspended")
            #expect(status.diagnostics == 0)
            #expect(backgrounder.messages.contains { $0.contains("cancelled: it took too long") })
        }
    }

    @Test func anUnreachableServerIsFailed() async throws {
        // A port nothing listens on, held so that no other test takes it meanwhile.
        let refusing = refusingPort()
        defer { refusing.socket.close() }
        let backgrounder = try makeBackgrounder(fetchURL: URL(string: "http://127.0.0.1:\(refusing.port)/etag")!)
        await backgrounder.run("home")
        await backgrounder.run("fetch simulate")
        // AsyncHTTPClient retries a refused connection; the screen's deadline ends it.
        backgrounder.testDevice.advance(by: FetchScreen.timeout)
        try await waitForCompletions(1, on: backgrounder)
        let status = try await backgrounder.status()
        #expect(status.screens.fetch.lastResult == "failed")
        #expect(status.state == "suspended")
    }
}
