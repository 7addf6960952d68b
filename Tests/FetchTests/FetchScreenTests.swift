import BackgroundCommands
import BackgroundRuntime
import Fetch
import Foundation
import TestSupport
import Testing
import TheBackgrounder

@Suite("The Fetch tab", .temporaryDirectory)
struct FetchScreenTests {
    @Test func theLabelSaysNotYetUpdatedUntilAFetch() async throws {
        let backgrounder = try makeBackgrounder()
        let fetch = try await backgrounder.status().screens.fetch
        #expect(fetch.label == "Not yet updated")
        #expect(fetch.lastFetch == nil && fetch.lastResult == nil)
        #expect(fetch.source == "the current time")
        // The app delegate asked for the minimum interval: the system's 10 minutes.
        #expect(fetch.nextEarliestFetch == backgrounder.device.date(at: .seconds(600)).formatted(.iso8601))
    }

    @Test func updateFetchesTheCurrentTime() async throws {
        let backgrounder = try makeBackgrounder()
        await backgrounder.host.wait(.seconds(42))
        await backgrounder.run("fetch update")
        let fetch = try await backgrounder.status().screens.fetch
        #expect(fetch.label == label(for: backgrounder.device.date))
        #expect(fetch.lastResult == "newData")
        #expect(fetch.lastFetch == backgrounder.device.date.formatted(.iso8601))
    }

    /// The tutorial's first test: Fetch tab, "Not yet updated", Simulate Background Fetch, reopen.
    @Test func simulateWhileBackgroundedUpdatesTheTime() async throws {
        let backgrounder = try makeBackgrounder()
        await backgrounder.run("home")
        await backgrounder.host.wait(.seconds(60))
        let fetchedAt = backgrounder.device.date
        await backgrounder.run("fetch simulate")
        let status = try await backgrounder.status()
        #expect(status.state == "suspended")
        #expect(status.screens.fetch.label == label(for: fetchedAt))
        #expect(backgrounder.messages.contains("Background fetch 1 began (30 s to call its completion handler)"))
        #expect(backgrounder.messages.contains("App is backgrounded. Fetched the time: newData. Label: \(label(for: fetchedAt))"))
        #expect(backgrounder.messages.contains { $0.hasPrefix("Background fetch 1 completed with newData") })
        await backgrounder.run("wait 30")
        await backgrounder.run("open")
        #expect(try await backgrounder.status().screens.fetch.label == label(for: fetchedAt))
        #expect(status.diagnostics == 0)
    }

    /// The tutorial's second test: launch due to a background fetch event, then open the app.
    @Test func launchIntoSuspensionThenOpenShowsTheFetchedTime() async throws {
        let backgrounder = try makeBackgrounder(launchReason: .fetch)
        let launchedAt = backgrounder.device.date
        #expect(try await backgrounder.status().state == "suspended")
        await backgrounder.host.wait(.seconds(120))
        await backgrounder.run("open")
        let status = try await backgrounder.status()
        #expect(status.state == "active")
        #expect(status.screens.fetch.label == label(for: launchedAt))
        #expect(status.screens.fetch.label != "Not yet updated")
    }

    @Test func theDelegatePassesEachCompletionHandlerThroughExactlyOnce() async throws {
        let backgrounder = try makeBackgrounder()
        await backgrounder.run("home")
        for _ in 0..<5 { await backgrounder.run("fetch simulate") }
        let completed = backgrounder.messages.filter { $0.hasPrefix("Background fetch") && $0.contains("completed with newData") }
        #expect(completed.count == 5)
        #expect(try await backgrounder.status().diagnostics == 0)
    }

    @Test func theSystemFetchesOnItsOwnWhileTheAppIsInTheBackground() async throws {
        let backgrounder = try makeBackgrounder()
        await backgrounder.run("home")
        await backgrounder.run("wait 900")
        let fetch = try await backgrounder.status().screens.fetch
        #expect(fetch.lastResult == "newData")
        #expect(fetch.label != "Not yet updated")
    }

    @Test func theNextFetchInStatusIsTheSystemsPlanAfterTheLastFetch() async throws {
        let backgrounder = try makeBackgrounder()
        await backgrounder.run("home")
        await backgrounder.run("wait 900")
        let fetch = try await backgrounder.status().screens.fetch
        #expect(backgrounder.device.appState == .suspended)
        let last = try #require(fetch.lastFetch.flatMap { try? Date($0, strategy: .iso8601) })
        let next = try #require(fetch.nextEarliestFetch.flatMap { try? Date($0, strategy: .iso8601) })
        // Planned after the fetch ended: no earlier than the 10-minute spacing from it.
        #expect(next.timeIntervalSince(last) >= 600)
        #expect(fetch.nextEarliestFetch == backgrounder.device.backgroundFetch.nextEarliestFetchDate?.formatted(.iso8601))
    }

    @Test func fetchIntervalSetsTheAppsInterval() async throws {
        let backgrounder = try makeBackgrounder()
        await backgrounder.run("fetch interval never")
        #expect(try await backgrounder.status().screens.fetch.nextEarliestFetch == nil)
        #expect(backgrounder.device.backgroundFetch.interval == .never)
        await backgrounder.run("fetch interval 3600")
        #expect(backgrounder.device.backgroundFetch.interval == .interval(.seconds(3600)))
        await backgrounder.run("fetch interval minimum")
        #expect(backgrounder.device.backgroundFetch.interval == .minimum)
        #expect(await backgrounder.failure(of: "fetch interval often") == "fetch interval: \"often\" is not minimum, never, or a number of seconds up to 31536000")
        #expect(await backgrounder.failure(of: "fetch interval -5") != nil)
        #expect(await backgrounder.failure(of: "fetch interval") == "usage: fetch interval minimum|never|SECONDS")
        await backgrounder.run("home")
        #expect(await backgrounder.failure(of: "fetch update") == "the app is not on screen (it is suspended); open it first")
    }

    @Test func bgtaskNeedsIOS13() async throws {
        let backgrounder = try makeBackgrounder()
        let message = "BGTaskScheduler does not exist in iOS 10; it came with iOS 13 (try --ios 13)"
        #expect(await backgrounder.failure(of: "bgtask list") == message)
        #expect(await backgrounder.failure(of: "bgtask simulate-launch com.raywenderlich.TheBackgrounder.refresh") == message)
    }

    @Test func theRefreshTaskIsSubmittedInTheBackgroundAndSimulatedLaunchFetches() async throws {
        let backgrounder = try makeBackgrounder(iOS: 13)
        let identifier = FetchScreen.refreshTaskIdentifier
        #expect(await backgrounder.execute("bgtask list") == .output(#"{"pending":[],"running":[]}"#))
        await backgrounder.run("home")
        guard case .output(let list) = await backgrounder.execute("bgtask list") else { throw CommandError.usage("no list") }
        #expect(list.contains(#""identifier":"\#(identifier)""#))
        #expect(list.contains(#""kind":"appRefresh""#))
        let launchedAt = backgrounder.device.date
        await backgrounder.run("bgtask simulate-launch \(identifier)")
        #expect(backgrounder.messages.contains("BGTaskScheduler: launching app refresh task \(identifier) (30 s to call setTaskCompleted)"))
        #expect(backgrounder.messages.contains("BGTaskScheduler: task \(identifier) completed (success: true)"))
        #expect(try await backgrounder.status().screens.fetch.label == label(for: launchedAt))
        // The handler submitted the next request.
        #expect(backgrounder.device.taskScheduler.pendingTaskRequests.map(\.identifier) == [identifier])
        #expect(await backgrounder.failure(of: "bgtask simulate-expiration \(identifier)") == "task \(identifier) is not running")
        #expect(await backgrounder.failure(of: "bgtask simulate-launch nope") == "no request for task nope is pending; the app must submit one first")
    }

    @Test func theDeviceConditionsCanBeSet() async throws {
        let backgrounder = try makeBackgrounder(iOS: 13)
        await backgrounder.run("device power external")
        await backgrounder.run("device network offline")
        await backgrounder.run("device background-refresh off")
        #expect(backgrounder.device.conditions.current == DeviceConditions(isOnExternalPower: true, hasNetworkConnectivity: false, isBackgroundAppRefreshEnabled: false))
        #expect(await backgrounder.failure(of: "device power solar") == "device power: \"solar\" is not external or battery")
        await backgrounder.run("home")
        #expect(backgrounder.messages.contains("Could not schedule app refresh: unavailable: Background App Refresh is off"))
    }
}
