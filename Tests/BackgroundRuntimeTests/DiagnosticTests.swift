import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("Diagnostics: the background-execution sanitizer")
struct DiagnosticTests {
    @Test func endingAnIdentifierThatWasNeverHandedOutIsReported() {
        let device = makeWorkerDevice()
        device.launch()
        device.perform { $0.endBackgroundTask(BackgroundTaskIdentifier(rawValue: 42)) }
        device.perform { $0.endBackgroundTask(.invalid) }
        #expect(device.diagnostics.countByRule[.invalidIdentifier] == 2)
        #expect(device.diagnosticMessages[0].hasPrefix("Diagnostic [invalid-identifier]: endBackgroundTask(42) at "))
        #expect(device.diagnosticMessages[1].contains("it is .invalid"))
        #expect(device.status().diagnostics == 2)
    }

    @Test func endingTwiceIsReportedWithTheTasksName() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { worker in
            worker.begin()
            let identifier = worker.identifier
            worker.application.endBackgroundTask(identifier)
            worker.application.endBackgroundTask(identifier)
        }
        #expect(device.diagnostics.countByRule == [.doubleEnd: 1])
        #expect(device.diagnosticMessages[0].contains("task 1 (\"Fibonacci\" (identifier 1, begun at BackgroundRuntimeTests/Worker.swift:"))
        #expect(device.status().diagnosticRules == ["double-end": 1])
    }

    /// Reported when the budget ends with the task held, not when its handler returns (code the
    /// handler queued may still end it), just before the app is terminated for it.
    @Test func aLeakedAssertionNamesItsTaskIdentifierAndWhereItBegan() {
        let device = makeWorkerDevice()
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: .seconds(179))
        #expect(device.diagnostics.count == 0)
        device.advance(by: .seconds(1))
        #expect(device.diagnostics.countByRule == [.leakedAssertion: 1, .assertionTimeout: 1])
        #expect(device.appState == .notRunning)
        let message = device.diagnosticMessages[0]
        #expect(message.hasPrefix("Diagnostic [leaked-assertion]: \"Fibonacci\" (identifier 1, begun at BackgroundRuntimeTests/Worker.swift:"))
        #expect(message.contains("still held after its expiration handler returned"))
    }

    @Test func anAssertionWithoutAHandlerIsLeakedAtExpiration() {
        let device = makeWorkerDevice()
        device.launch()
        _ = device.perform { $0.beginBackgroundTask(withName: "no handler") }
        device.pressHome()
        device.advance(by: .seconds(175))
        #expect(device.diagnosticMessages.first?.contains("it has no expiration handler") == true)
    }

    @Test func beginningInsideAnExpirationHandlerIsReportedAndInvalid() {
        let log = AppLog()
        let device = makeWorkerDevice(log: log)
        device.launch()
        device.withWorker { worker in
            worker.identifier = worker.application.beginBackgroundTask(withName: "outer") {
                let inner = worker.application.beginBackgroundTask(withName: "inner")
                log.append("inner \(inner)")
                worker.end()
            }
        }
        device.pressHome()
        device.advance(by: .seconds(175))
        #expect(log.take() == ["inner 0"])
        #expect(device.diagnostics.countByRule == [.beginInExpirationHandler: 1])
        #expect(device.appState == .suspended)
    }

    @Test func codeThatKeepsRunningAfterExpirationWhileHoldingAssertionsIsReported() {
        let device = makeWorkerDevice()
        device.launch()
        device.withWorker { worker in
            worker.endsOnExpiration = false
            worker.begin()
            _ = worker.application.scheduledTimer(withTimeInterval: .seconds(1), repeats: true) { _ in }
        }
        device.pressHome()
        device.advance(by: .seconds(180))
        #expect(device.appState == .notRunning)
        #expect(device.diagnostics.countByRule[.codeAfterExpiration] == 1)
    }

    @Test func endingLateAfterExpirationIsReportedAsCodeAfterExpiration() {
        let device = makeWorkerDevice()
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: .seconds(174))
        device.withWorker { worker in
            _ = worker.application.scheduledTimer(withTimeInterval: .seconds(2), repeats: false) { _ in worker.end() }
        }
        device.advance(by: .seconds(3))
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.countByRule[.codeAfterExpiration] == 1)
        #expect(device.diagnostics.countByRule[.assertionTimeout] == nil)
    }

    @Test func aWellBehavedAppHasNoDiagnostics() {
        let device = makeWorkerDevice()
        device.launch()
        for _ in 0..<5 {
            device.withWorker { $0.begin() }
            device.pressHome()
            device.advance(by: .seconds(200))
            device.openApp()
        }
        #expect(device.diagnostics.count == 0)
    }

    @Test func theDiagnosticLogKeepsABoundedHistoryButCountsEverything() {
        let device = makeWorkerDevice()
        device.launch()
        device.perform { application in
            for _ in 0..<250 { application.endBackgroundTask(.invalid) }
        }
        #expect(device.diagnostics.count == 250)
        #expect(device.diagnostics.recent.count == 100)
    }
}
