@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
import BackgroundRuntimeTesting
@testable import BackgroundSystem
@testable import BackgroundWire
import BackgroundWire
import Synchronization
import Testing

/// A system service and its app-side client talking through their channel (``ServiceHost``,
/// ``ServiceClient``), the way that reaches an app in its own process too: the app's calls
/// answered by the service — as values here, as the wire's bytes from another process — the
/// service's events waking the suspended app, and the window that keeps a busy or frozen app
/// from being sent more than it takes in.
@Suite("Service channels")
struct ServiceChannelTests {
    /// A device whose app has an echo client that logs each event it gets.
    private final class Rig: Sendable {
        let log = AppLog()
        let device = makeWorkerDevice()
        let host: ServiceHost<EchoService>
        let notes = AppLog()

        init() {
            host = ServiceHost(device: device)
            host.answerCalls { [notes] call in
                switch call {
                case .echo(let word): return "echo: \(word)"
                case .note(let word):
                    notes.append(word)
                    return nil
                }
            }
            device.launch()
            let log = log
            device.perform { application in
                let client = ServiceClient<EchoService>(application: application)
                client.receive { event in log.append("\(event.number) \(event.text) while \(application.applicationState)") }
                _ = application.launchObject(ServiceClient<EchoService>.self) { client }
            }
        }

        func inClient<T: Sendable>(_ body: @escaping @AppMain @Sendable (ServiceClient<EchoService>) -> T?) -> T? {
            device.perform { application in
                body(application.launchObject(ServiceClient<EchoService>.self) { ServiceClient(application: application) })
            } ?? nil
        }
    }

    @Test func aCallIsAnsweredByItsServiceAndATellAnswersNothing() {
        let rig = Rig()
        #expect(rig.inClient { $0.call(.echo("1"), answer: String.self) } == "echo: 1")
        #expect(rig.inClient { $0.call(.echo("1"), answer: Int.self) } == nil, "an answer of another type is none")
        _ = rig.inClient { client -> Bool? in
            client.tell(.note("a"))
            return nil
        }
        #expect(rig.notes.take() == ["a"])
    }

    @Test func callsAndAnswersCrossAsTheWiresBytes() throws {
        let rig = Rig()
        let call = ServiceMessage(service: EchoService.name, payload: ServicePayload(EchoService.Call.echo("é")))
        let crossed = try WireDecoder().decode(ServiceMessage.self, from: WireEncoder().encode(call))
        let answer = try #require(rig.device.services.answer(crossed))
        let back = try WireDecoder().decode(ServicePayload.self, from: WireEncoder().encode(answer))
        #expect(back.decode(String.self) == "echo: é")
        #expect(back.decode(Int.self) == nil)
    }

    @Test func aCallTheServiceCannotReadIsLoggedAndAnsweredWithNothing() throws {
        let rig = Rig()
        let garbage = try WireDecoder().decode(ServicePayload.self, from: WireEncoder().encode([UInt8]([0x08, 0x7f])))
        #expect(rig.device.services.answer(ServiceMessage(service: EchoService.name, payload: garbage)) == nil)
        #expect(rig.device.console.recentMessages.contains("echo: ignoring a call the service cannot read (2 bytes)"))
        #expect(rig.inClient { $0.call(.echo("2"), answer: String.self) } == "echo: 2", "the service goes on answering")
    }

    @Test func anEventTheAppCannotReadIsLoggedAndTheNextArrives() throws {
        let rig = Rig()
        let garbage = try WireDecoder().decode(ServicePayload.self, from: WireEncoder().encode([UInt8]([1, 2, 3])))
        #expect(rig.device.handle { $0.post(whileSuspended: .hold, .serviceMessage(ServiceMessage(service: "echo", payload: garbage), endingActivity: nil), at: $1) })
        rig.host.post(.init(number: 1, text: "after"))
        rig.device.runUntilIdle()
        #expect(rig.device.console.recentMessages.contains("echo: ignoring an event the app cannot read as Event"))
        #expect(rig.log.take() == ["1 after while active"])
    }

    @Test func anEventWakesTheSuspendedAppWhichIsSuspendedAgainOnceItIsHandedOver() {
        let rig = Rig()
        rig.device.pressHome()
        #expect(rig.device.appState == .suspended)
        #expect(rig.host.wake(for: "socket data", sending: .init(number: 1, text: "ping")))
        #expect(rig.log.take() == ["1 ping while background"])
        #expect(rig.device.appState == .suspended)
        #expect(rig.device.stateLines.suffix(2) == ["State: suspended → background", "State: background → suspended"])
    }

    @Test func anEventOnAChannelNobodyReceivesIsDroppedAndTheAppSuspendedAgain() {
        let rig = Rig()
        rig.device.pressHome()
        #expect(rig.host.wake(for: "socket data", sending: .init(number: 1, text: "ping"), on: EchoService.channel(9)))
        #expect(rig.device.appState == .suspended)
        #expect(rig.device.activities.isEmpty)
        #expect(rig.log.take().isEmpty)
    }

    @Test func noEventWakesAnAppThatIsNotRunning() {
        let device = makeWorkerDevice()
        #expect(!ServiceHost<EchoService>(device: device).wake(for: "socket data", sending: .init(number: 1, text: "ping")))
    }

    @Test func offersStopAtTheWindowUntilTheClientTakesThemInAndTheEndOfTheLaunchRestoresIt() {
        let rig = Rig()
        let resumed = Mutex(0)
        rig.host.whenCreditReturns { resumed.withLock { $0 += 1 } }
        rig.device.pressHome()
        let window = ServiceHost<EchoService>.window
        // A suspended app takes nothing in: the held events fill its window.
        for number in 1...window { #expect(rig.host.offer(.init(number: number, text: "held"))) }
        #expect(!rig.host.offer(.init(number: window + 1, text: "refused")))
        #expect(rig.host.post(.init(number: window + 2, text: "posted")), "a post goes whatever the window")
        rig.device.openApp()
        #expect(rig.log.take().count == window + 1)
        #expect(resumed.withLock { $0 } == 2, "the client said so every half window")
        #expect(rig.host.offer(.init(number: 1, text: "again")))
        rig.device.terminate(.user)
        #expect(resumed.withLock { $0 } == 3, "the launch's end gives the window back")
        #expect(rig.device.services.takeCredit(on: EchoService.name, window: window))
    }

    @Test func aForgottenChannelKeepsNoCreditAndResumesNothing() {
        let rig = Rig()
        let resumed = Mutex(0)
        rig.host.whenCreditReturns(on: "echo.client-7") { resumed.withLock { $0 += 1 } }
        let window = ServiceHost<EchoService>.window
        for _ in 1...window { #expect(rig.device.services.takeCredit(on: "echo.client-7", window: window)) }
        #expect(!rig.device.services.takeCredit(on: "echo.client-7", window: window))
        rig.host.forget(channel: "echo.client-7")
        rig.device.services.returnCredit(on: "echo.client-7", count: 1)
        rig.device.services.launchEnded()
        #expect(resumed.withLock { $0 } == 0, "a client that is gone is not offered anything")
        #expect(rig.device.services.takeCredit(on: "echo.client-7", window: window), "nothing is in flight any more")
    }
}
