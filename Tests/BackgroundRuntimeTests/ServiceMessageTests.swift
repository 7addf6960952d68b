@testable import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

/// A system service and its app-side object talking through messages, the way that reaches an
/// app in its own process too: the app's calls answered by the service, the service's events
/// waking the suspended app.
@Suite("Service messages")
struct ServiceMessageTests {
    @Test func theAppsCallIsAnsweredByTheServiceRegisteredForItsName() {
        let device = makeWorkerDevice()
        device.services.answerCalls(toService: "echo") { "\"echo: \($0)\"" }
        device.launch()
        #expect(device.perform { $0.callService("echo", "1") } == "\"echo: 1\"")
        #expect(device.perform { $0.callService("unknown", "1") } == .some(nil), "no service of that name answers nothing")
    }

    @Test func aServiceMessageWakesTheSuspendedAppWhichIsSuspendedAgainOnceItIsHandedOver() {
        let log = AppLog()
        let device = makeWorkerDevice()
        device.launch()
        device.perform { application in
            application.receiveMessages(fromService: "socket") { log.append("\($0) while \(application.applicationState)") }
        }
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.wake(for: "socket data", sending: "ping", fromService: "socket"))
        #expect(log.take() == ["ping while background"])
        #expect(device.appState == .suspended)
        #expect(device.stateLines.suffix(2) == ["State: suspended → background", "State: background → suspended"])
    }

    @Test func aMessageForAServiceTheAppDoesNotListenToIsDroppedAndTheAppSuspendedAgain() {
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        #expect(device.wake(for: "socket data", sending: "ping", fromService: "socket"))
        #expect(device.appState == .suspended)
        #expect(device.activities.isEmpty)
    }

    @Test func noMessageWakesAnAppThatIsNotRunning() {
        let device = makeWorkerDevice()
        #expect(!device.wake(for: "socket data", sending: "ping", fromService: "socket"))
    }
}
