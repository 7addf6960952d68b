import BackgroundRuntime
import Testing

@Suite("Background task assertions: the budget, expiration and termination")
struct AssertionTests {
    @Test func anAssertionKeepsTheAppRunningInTheBackground() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        #expect(device.appState == .background)
        #expect(device.backgroundTimeRemaining == .seconds(180))
        device.advance(by: .seconds(60))
        #expect(device.appState == .background)
        #expect(device.backgroundTimeRemaining == .seconds(120))
    }

    @Test func timeRemainingIsTheGreatestFiniteValueInTheForeground() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        #expect(device.withWorker { $0.application.backgroundTimeRemaining } == 1.7976931348623157e308, "DBL_MAX, as iOS reports it")
        #expect(device.status().backgroundTimeRemaining == nil)
    }

    @Test func theExpirationHandlerRunsTheLeadTimeBeforeTheBudgetEndsAndEndingThereAvoidsTermination() {
        let log = AppLog()
        let device = makeWorkerDevice(log: log)
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.advance(by: .seconds(174))
        #expect(log.take().isEmpty)
        device.advance(by: .seconds(1))
        #expect(log.take() == ["expired at 5 s left"])
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(600))
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    @Test func anAppThatDoesNotEndItsTaskIsTerminatedWhenTheBudgetEnds() {
        let log = AppLog()
        let device = makeWorkerDevice(log: log)
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: .seconds(179))
        #expect(device.appState == .background)
        device.advance(by: .seconds(1))
        #expect(device.appState == .notRunning)
        let messages = device.console.recentMessages
        #expect(messages.contains { $0.contains("has active assertions beyond permitted time") && $0.contains("name: Fibonacci") })
        #expect(messages.contains { $0.contains("0x8badf00d") })
        #expect(device.diagnostics.countByRule[.leakedAssertion] == 1)
        #expect(device.diagnostics.countByRule[.assertionTimeout] == 1)
        #expect(log.take() == ["expired at 5 s left"])
    }

    @Test func reopeningAfterExpirationResumesTheApp() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.advance(by: .seconds(200))
        #expect(device.appState == .suspended)
        device.openApp()
        #expect(device.appState == .active)
        #expect(device.launchCount == 1)
    }

    @Test func theBudgetIsSharedByAllAssertions() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin("first") }
        device.pressHome()
        device.advance(by: .seconds(100))
        let second = device.withWorker { $0.application.beginBackgroundTask(withName: "second") }!
        #expect(second != .invalid)
        #expect(device.status().assertions.map(\.timeRemaining) == [80, 80])
        device.withWorker { $0.end() }
        device.advance(by: .seconds(74))
        #expect(device.appState == .background)
        device.advance(by: .seconds(6))
        #expect(device.appState == .notRunning)
    }

    @Test func theBudgetStartsAgainAfterEachReturnToTheForeground() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.advance(by: .seconds(100))
        device.openApp()
        device.advance(by: .seconds(10))
        device.pressHome()
        #expect(device.backgroundTimeRemaining == .seconds(180))
    }

    @Test func noBackgroundTimeCanBeHadAfterExpiration() {
        let device = makeWorkerDevice()
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: .seconds(176))
        let late = device.withWorker { $0.application.beginBackgroundTask(withName: "late") }
        #expect(late == .invalid)
    }

    @Test(arguments: [(6, 600), (10, 180), (17, 30)])
    func eachEraGivesItsBudget(version: Int, budget: Int) {
        let log = AppLog()
        let device = makeWorkerDevice(iOS: version, log: log)
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        #expect(device.backgroundTimeRemaining == .seconds(budget))
        device.advance(by: .seconds(budget - 6))
        #expect(log.take().isEmpty)
        device.advance(by: .seconds(1))
        #expect(log.take() == ["expired at 5 s left"])
        #expect(device.appState == .suspended)
    }

    @Test func endingTheLastAssertionInTheBackgroundSuspendsTheApp() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.advance(by: .seconds(10))
        device.withWorker { $0.end() }
        #expect(device.appState == .suspended)
        #expect(device.loop.pendingTimers == 0)
    }

    @Test func statusListsTheAssertionsWithTheirTimeRemaining() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { $0.begin() }
        device.pressHome()
        device.advance(by: .milliseconds(500))
        let assertions = device.status().assertions
        #expect(assertions.count == 1)
        #expect(assertions.first?.name == "Fibonacci")
        #expect(assertions.first?.identifier == 1)
        #expect(assertions.first?.timeRemaining == 179.5)
        #expect(assertions.first?.begunAt.hasPrefix("BackgroundRuntimeTests/Worker.swift:") == true)
    }
}
