import BackgroundRuntime
import Foundation
import Testing

/// Background URL sessions on the test clock: transfers the system carries while the app is
/// suspended or not running, the resume or launch into handleEventsForBackgroundURLSession, the
/// force quit, discretionary transfers and the resume rate limiter (rules background-session-*).
@Suite("Background URL sessions")
struct BackgroundSessionTests {
    static let downloads = BackgroundSessionConfiguration.background(withIdentifier: "downloads")

    @Test func aTransferGoesOnWhileTheAppIsSuspendedAndWakesItForTheEvents() throws {
        let log = AppLog()
        let device = makeDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        let first = try #require(device.download("https://example.com/a.zip"))
        let transfer = try #require(device.backgroundTransfers.first)
        #expect(transfer.session == "downloads" && transfer.task == first && transfer.url == "https://example.com/a.zip")
        #expect(!transfer.discretionary && transfer.phase == .running)
        _ = log.take()
        device.endTransfer(.finished(task: first, location: "/data/a.zip"))
        #expect(log.take() == ["task 1 finished: /data/a.zip", "task 1 completed: no error"], "the running app hears it at once")

        let second = try #require(device.download("https://example.com/b.zip"))
        device.pressHome()
        #expect(device.appState == .suspended, "a transfer does not keep the app running")
        #expect(device.backgroundTransfers.map(\.phase) == [.running], "the system carries it on")
        _ = log.take()
        device.endTransfer(.finished(task: second, location: "/data/b.zip"))
        #expect(log.take() == [
            "handleEvents(downloads)", "task 2 finished: /data/b.zip", "task 2 completed: no error",
            "urlSessionDidFinishEvents(downloads)", "completion handler called",
        ])
        #expect(device.console.recentMessages.contains("Woken in the background: events of background session downloads"))
        #expect(device.appState == .suspended, "suspended again once the completion handler is called")
        #expect(device.backgroundTransfers.isEmpty)
        #expect(device.status().transferResumeDelay == 60)
    }

    @Test func aRelaunchedAppMakesTheSessionAgainAndCallsTheCompletionHandler() throws {
        let log = AppLog()
        let device = makeDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        let task = try #require(device.download("https://example.com/issue.pdf"))
        device.pressHome()
        device.terminate(.system(reason: "memory pressure"))
        #expect(device.appState == .notRunning)
        #expect(device.backgroundTransfers.map(\.phase) == [.running], "the transfer outlives the app's process")
        _ = log.take()

        device.endTransfer(.finished(task: task, location: "/data/issue.pdf"))
        #expect(log.take() == [
            "didFinishLaunching(transfer)", "handleEvents(downloads)", "make session downloads",
            "task 1 finished: /data/issue.pdf", "task 1 completed: no error", "urlSessionDidFinishEvents(downloads)",
            "completion handler called",
        ])
        #expect(device.status().launchReason == .transfer)
        #expect(device.appState == .suspended)
        #expect(device.backgroundTransfers.isEmpty)
    }

    @Test func aCompletionHandlerNeverCalledIsADiagnostic() throws {
        let log = AppLog()
        let device = makeDevice(log: log, callsCompletion: false)
        defer { device.shutdown() }
        device.launch()
        #expect(device.perform { application in
            application.backgroundSession(configuration: Self.downloads, delegate: BackgroundSessionApp(log: log, configurations: [])) == nil
        } == true, "a second session with the same identifier is refused")
        #expect(device.diagnostics.countByRule[.duplicateBackgroundSession] == 1)
        let task = try #require(device.download("https://example.com/a.zip"))
        device.pressHome()
        device.endTransfer(.finished(task: task, location: "/data/a.zip"))
        #expect(device.appState == .background, "held for the session's events")
        device.advance(by: .seconds(29))
        #expect(device.appState == .background)
        device.advance(by: .seconds(1))
        #expect(device.diagnostics.countByRule[.sessionEventsNotCompleted] == 1)
        #expect(device.appState == .suspended)
    }

    @Test(arguments: [17, 7])
    func aForceQuitCancelsTheTransfersWithMinus999(iOS version: Int) throws {
        let log = AppLog()
        let device = makeDevice(iOS: version, log: log)
        defer { device.shutdown() }
        device.launch()
        let first = try #require(device.download("https://example.com/a.zip"))
        let second = try #require(device.download("https://example.com/b.zip"))
        device.pressHome()
        device.terminate(.user)
        #expect(device.backgroundTransfers.map(\.phase) == [.ended, .ended])
        #expect(device.appState == .notRunning, "not launched for transfers the user cancelled")
        _ = log.take()

        device.launch()
        let reason = version >= 8 ? " NSURLErrorBackgroundTaskCancelledReasonKey=0" : ""
        #expect(log.take() == [
            "didFinishLaunching(user)", "make session downloads",
            "task \(first) completed: NSURLErrorDomain Code=-999 \"cancelled\"\(reason)",
            "task \(second) completed: NSURLErrorDomain Code=-999 \"cancelled\"\(reason)",
        ])
        #expect(device.backgroundTransfers.isEmpty)
    }

    @Test func discretionaryTransfersWaitForPowerAndTheNetwork() throws {
        let log = AppLog()
        var discretionary = BackgroundSessionConfiguration(identifier: "discretionary")
        discretionary.isDiscretionary = true
        let device = makeDevice(log: log, configurations: [discretionary, Self.downloads])
        defer { device.shutdown() }
        device.launch()
        _ = try #require(device.download("https://example.com/big.zip", in: "discretionary"))
        #expect(device.backgroundTransfers.map(\.phase) == [.waitingForPower])
        device.conditions.setExternalPower(true)
        #expect(device.backgroundTransfers.map(\.phase) == [.running])

        device.conditions.setExternalPower(false)
        device.conditions.setNetworkConnectivity(false)
        _ = try #require(device.download("https://example.com/small.json"))
        #expect(device.backgroundTransfers.map(\.phase) == [.running, .waitingForNetwork])
        device.conditions.setNetworkConnectivity(true)
        #expect(device.backgroundTransfers.map(\.phase) == [.running, .running])

        _ = device.perform { $0.beginBackgroundTask(withName: "queue more") }
        device.pressHome()
        _ = try #require(device.download("https://example.com/later.json"))
        let later = try #require(device.backgroundTransfers.last)
        #expect(later.discretionary, "created in the background, so discretionary")
        #expect(later.phase == .waitingForPower)
    }

    /// iOS 11's hints: a discretionary transfer whose task says it is small starts on battery;
    /// one that says more, or nothing, waits for power; before iOS 11 there are no hints.
    @Test(arguments: [11, 17, 10])
    func aDiscretionaryTransferThatSaysItIsSmallWaitsOnlyForTheNetwork(iOS version: Int) throws {
        let log = AppLog()
        var discretionary = BackgroundSessionConfiguration(identifier: "discretionary")
        discretionary.isDiscretionary = true
        let device = makeDevice(iOS: version, log: log, configurations: [discretionary])
        defer { device.shutdown() }
        device.launch()
        _ = try #require(device.download("https://example.com/note.json", in: "discretionary", expectedBytes: 40_000))
        _ = try #require(device.download("https://example.com/big.zip", in: "discretionary", expectedBytes: 200 << 20))
        _ = try #require(device.download("https://example.com/unsaid.zip", in: "discretionary"))
        let small: BackgroundTransferPhase = version >= 11 ? .running : .waitingForPower
        #expect(device.backgroundTransfers.map(\.phase) == [small, .waitingForPower, .waitingForPower])
        device.conditions.setNetworkConnectivity(false)
        _ = try #require(device.download("https://example.com/offline.json", in: "discretionary", expectedBytes: 1 << 20))
        #expect(device.backgroundTransfers.last?.phase == (version >= 11 ? .waitingForNetwork : .waitingForPower))
    }

    /// `cancel()` ends a transfer at once with -999; `cancel(byProducingResumeData:)` of a
    /// running one leaves it `cancelling` until the transfer service has stopped it and ends it
    /// with its resume data (the service's part: `ResumeDataTests`).
    @Test func cancellingATransferEndsItWithMinus999() throws {
        let log = AppLog()
        var discretionary = BackgroundSessionConfiguration(identifier: "discretionary")
        discretionary.isDiscretionary = true
        let device = makeDevice(log: log, configurations: [discretionary, Self.downloads])
        defer { device.shutdown() }
        device.launch()
        let waiting = try #require(device.download("https://example.com/big.zip", in: "discretionary"))
        let running = try #require(device.download("https://example.com/a.zip"))
        let plain = try #require(device.download("https://example.com/b.zip"))
        _ = log.take()
        device.cancel(waiting, in: "discretionary", producingResumeData: true)
        device.cancel(plain, producingResumeData: false)
        #expect(log.take() == [
            "task \(waiting) completed: NSURLErrorDomain Code=-999 \"cancelled\"",
            "task \(plain) completed: NSURLErrorDomain Code=-999 \"cancelled\"",
        ], "nothing of them to resume: they end at once")
        device.cancel(running, producingResumeData: true)
        #expect(device.backgroundTransfers.map(\.phase) == [.cancelling])
        #expect(log.take().isEmpty, "the transfer service stops it first")
        device.endTransfer(.failed(task: running, BackgroundTransferError(code: -999, message: "cancelled", resumeData: Data([1]))))
        #expect(log.take() == ["task \(running) completed: NSURLErrorDomain Code=-999 \"cancelled\""])
        #expect(device.backgroundTransfers.isEmpty)
    }

    @Test func aTransferDoesNotBeginBeforeItsEarliestBeginDate() throws {
        let log = AppLog()
        let device = makeDevice(log: log)
        defer { device.shutdown() }
        device.launch()
        _ = try #require(device.download("https://example.com/later.zip", notBefore: .seconds(3600)))
        _ = try #require(device.download("https://example.com/now.zip"))
        #expect(device.backgroundTransfers.map(\.phase) == [.scheduled, .running])
        #expect(device.console.recentMessages.contains { $0.contains("later.zip — waits for its earliestBeginDate, ") })
        device.pressHome()
        device.conditions.setNetworkConnectivity(false)
        device.advance(by: .seconds(3599))
        #expect(device.backgroundTransfers.first?.phase == .scheduled, "not a second sooner, whatever the conditions")
        device.advance(by: .seconds(1))
        #expect(device.backgroundTransfers.first?.phase == .waitingForNetwork, "then the session's conditions, as any transfer")
        device.conditions.setNetworkConnectivity(true)
        #expect(device.backgroundTransfers.map(\.phase) == [.running, .running])
    }

    @Test func theResumeRateLimiterDelaysTasksCreatedInTheBackground() throws {
        let log = AppLog()
        let other = BackgroundSessionConfiguration.background(withIdentifier: "other")
        let device = makeDevice(log: log, configurations: [Self.downloads, other], followUp: URL(string: "https://example.com/next.zip"))
        defer { device.shutdown() }
        device.conditions.setExternalPower(true)
        device.launch()
        let first = try #require(device.download("https://example.com/a.zip"))
        let second = try #require(device.download("https://example.com/b.zip", in: "other"))
        device.pressHome()
        device.endTransfer(.finished(task: first, location: "/data/a.zip"))
        #expect(device.status().transferResumeDelay == 60)
        let followUp = try #require(device.backgroundTransfers.last)
        #expect(followUp.phase == .delayed, "a task created in the background waits for the delay")

        device.advance(by: .seconds(10))
        device.endTransfer(.finished(task: second, location: "/data/b.zip"))
        #expect(device.status().transferResumeDelay == 120, "doubled at the second resume")
        #expect(device.backgroundTransfers.map(\.phase) == [.delayed, .delayed])

        device.advance(by: .seconds(119))
        #expect(device.backgroundTransfers.map(\.phase) == [.delayed, .delayed])
        device.advance(by: .seconds(1))
        #expect(device.status().transferResumeDelay == 0, "reset once the delay passes without a resume")
        #expect(device.backgroundTransfers.map(\.phase) == [.running, .running])

        let transfers = device.backgroundTransfers.map(\.task)
        device.endTransfer(.finished(task: transfers[0], location: "/data/next.zip"))
        #expect(device.status().transferResumeDelay == 60)
        #expect(device.backgroundTransfers.last?.phase == .delayed)
        device.openApp()
        #expect(device.status().transferResumeDelay == 0, "reset when the user opens the app")
        #expect(device.backgroundTransfers.allSatisfy { $0.phase == .running })
    }

    @Test func backgroundSessionsCameWithIOS7() {
        let log = AppLog()
        let device = makeDevice(iOS: 6, log: log)
        defer { device.shutdown() }
        device.launch()
        #expect(device.download("https://example.com/a.zip") == nil, "iOS 6 makes no background session")
        #expect(device.diagnostics.countByRule[.unavailableAPI] == 1)
        #expect(device.console.recentMessages.contains {
            $0.hasSuffix("URLSessionConfiguration.background(withIdentifier: \"downloads\") does not exist in iOS 6; background sessions came with iOS 7")
        })
    }

    private func makeDevice(
        iOS version: Int = 17, log: AppLog, configurations: [BackgroundSessionConfiguration] = [Self.downloads],
        callsCompletion: Bool = true, followUp: URL? = nil
    ) -> TestDevice {
        TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist()) { _ in
            BackgroundSessionApp(log: log, configurations: configurations, callsCompletion: callsCompletion, followUp: followUp)
        }
    }
}

extension TestDevice {
    /// From the app's code: `cancel()` of task `task` of session `session`, or
    /// `cancel(byProducingResumeData:)` if `producingResumeData`.
    fileprivate func cancel(_ task: Int, in session: String = "downloads", producingResumeData: Bool) {
        perform { application in
            (application.delegate as? BackgroundSessionApp)?.sessions[session]?.cancel(task: task, producingResumeData: producingResumeData)
        }
    }

    /// From the app's code: a download of `url` in its session `session`; its task's identifier.
    fileprivate func download(
        _ url: String, in session: String = "downloads", notBefore: Duration? = nil, expectedBytes: Int64? = nil
    ) -> Int? {
        perform { application in
            let earliestBeginDate = notBefore.map { application.date.addingTimeInterval($0.seconds) }
            return (application.delegate as? BackgroundSessionApp)?.sessions[session]?
                .downloadTask(with: URL(string: url)!, earliestBeginDate: earliestBeginDate, expectedBytes: expectedBytes)
        } ?? nil
    }
}
