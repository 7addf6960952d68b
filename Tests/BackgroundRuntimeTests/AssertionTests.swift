import BackgroundRuntime
import BackgroundRuntimeTesting
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

    /// Apple's handler is called "shortly before the app's remaining background time reaches 0",
    /// and only a task still held then gets the app terminated: one the handler ends from a
    /// block it queues, which runs right after it returns, is no leak.
    @Test(arguments: [Worker.LaterEnd.mainQueue, .mainActorTask])
    func aTaskTheExpirationHandlerEndsFromCodeItQueuesIsNotALeak(_ later: Worker.LaterEnd) async {
        let log = AppLog()
        let device = makeWorkerDevice(log: log)
        device.launch()
        device.withWorker { worker in
            worker.endsOnExpirationFrom = later
            worker.begin()
        }
        device.pressHome()
        device.advance(by: .seconds(175))
        #expect(log.take() == ["expired at 5 s left"])
        #expect(await waitUntil { device.appState == .suspended }, "the queued code ended the task")
        device.advance(by: .seconds(600))
        #expect(device.appState == .suspended)
        #expect(device.diagnosticMessages.isEmpty)
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

    @Test func eachEraWordsAnOverrunTaskAsItsReportsDid() throws {
        let words: [Int: (Int32) -> [String]] = [
            4: { pid in [
                "TheBackgrounder[\(pid)] has active assertions beyond permitted time: {(<SBProcessAssertion: 0x",
                "> identifier: UIKitBackgroundCompletionTask process: TheBackgrounder[\(pid)] permittedBackgroundDuration: "
                    + "600.000000 reason: finishTask owner pid:\(pid) preventSuspend preventIdleSleep)}",
            ] },
            7: { pid in [
                "TheBackgrounder[\(pid)] has active assertions beyond permitted time: {(<BKProcessAssertion: 0x",
                "> identifier: Fibonacci process: TheBackgrounder[\(pid)] permittedBackgroundDuration: 180.000000 reason: "
                    + "finishTask owner pid:\(pid) preventSuspend preventIdleSleep preventSuspendOnSleep)}",
            ] },
            12: { pid in [
                "<BKNewProcess: 0x",
                "; com.raywenderlich.TheBackgrounder; pid: \(pid); hostpid: -1> has active assertions beyond permitted time: "
                    + "{(<BKProcessAssertion: 0x",
                "> id: \(pid)-1 name: Fibonacci process: <BKNewProcess: 0x",
                "> permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:\(pid) preventSuspend preventIdleSleep "
                    + "preventSuspendOnSleep)}",
            ] },
            17: { _ in [
                "[BackgroundTask] Background Task 1 (\"Fibonacci\"), was created over 30 seconds ago. In applications running "
                    + "in the background, this creates a risk of termination. Remember to call "
                    + "UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
            ] },
        ]
        for (version, pieces) in words {
            let device = makeWorkerDevice(iOS: version)
            device.launchAndBackgroundWithLeakyTask()
            device.advance(by: try #require(PolicyProfile(iOS: version)).finiteTaskBudget)
            #expect(device.appState == .notRunning)
            let messages = device.diagnosticMessages(.assertionTimeout)
            #expect(messages.count == 1, "iOS \(version)")
            let message = messages.first ?? ""
            let expected = pieces(device.console.pid)
            #expect(message.hasPrefix(expected[0]), "iOS \(version): \(message)")
            for piece in expected {
                #expect(message.contains(piece), "iOS \(version): \(message) lacks \(piece)")
            }
            #expect(message.contains("— held: \"Fibonacci\" (identifier 1, begun at "), "the task by name and where it began")
        }
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
