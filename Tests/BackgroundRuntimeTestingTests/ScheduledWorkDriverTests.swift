import BackgroundRuntimeTesting
import Foundation
import Synchronization
import Testing

/// What a ``CleanupApp``'s task went through, in order.
final class TaskEvents: Sendable {
    private let list = Mutex<[String]>([])

    var all: [String] { list.withLock { $0 } }

    func append(_ event: String) {
        list.withLock { $0.append(event) }
    }
}

/// The identifier of ``CleanupApp``'s task.
let cleanupIdentifier = "com.example.cleanup"

/// An app that, going to the background, asks for a cleanup an hour later that needs power and
/// a network, and records what its task went through.
@AppMain
final class CleanupApp: ApplicationDelegate {
    let events: TaskEvents

    init(events: TaskEvents) {
        self.events = events
    }

    func applicationDidFinishLaunching(_ application: Application) {
        application.taskScheduler?.register(forTaskWithIdentifier: cleanupIdentifier) { [events] task in
            events.append("launched")
            task.expirationHandler = {
                events.append("expired")
                task.setTaskCompleted(success: false)
            }
        }
    }

    func applicationDidEnterBackground(_ application: Application) {
        var request = ProcessingTaskRequest(identifier: cleanupIdentifier)
        request.earliestBeginDate = application.date.addingTimeInterval(3_600)
        request.requiresExternalPower = true
        request.requiresNetworkConnectivity = true
        try? application.taskScheduler?.submit(request)
    }
}

@Suite("Scheduled work driver")
struct ScheduledWorkDriverTests {
    final class Rig: Sendable {
        let events = TaskEvents()
        let device: TestDevice
        let work: ScheduledWorkDriver

        init() {
            let events = self.events
            device = TestDevice(
                profile: PolicyProfile(iOS: 13)!,
                infoPlist: InfoPlist(backgroundModes: [.processing], permittedTaskIdentifiers: [cleanupIdentifier])
            ) { _ in CleanupApp(events: events) }
            work = ScheduledWorkDriver(device: device)
            device.conditions.setExternalPower(false)
            device.launch()
            device.pressHome()
        }

        var launched: Bool { events.all.contains("launched") }
    }

    @Test func theTaskRunsOnceItsConditionsAndItsDateAreMet() throws {
        let rig = Rig()
        try rig.work.setEarliestDateReached(for: cleanupIdentifier)
        #expect(!rig.launched, "without external power it must wait")
        try rig.work.setAllConditionsMet(for: cleanupIdentifier)
        #expect(rig.launched)
        #expect(rig.device.taskScheduler.runningTaskIdentifiers == [cleanupIdentifier])
    }

    @Test func conditionsAloneDoNotBringTheDateForward() throws {
        let rig = Rig()
        try rig.work.setAllConditionsMet(for: cleanupIdentifier)
        #expect(!rig.launched)
        #expect(rig.device.taskScheduler.plannedTaskLaunch(identifier: cleanupIdentifier) == .seconds(3_600))
        try rig.work.setEarliestDateReached(for: cleanupIdentifier)
        #expect(rig.launched)
    }

    @Test func aSimulatedExpirationCallsTheHandler() throws {
        let rig = Rig()
        try rig.work.simulateLaunch(of: cleanupIdentifier)
        try rig.work.simulateExpiration(of: cleanupIdentifier)
        #expect(rig.events.all == ["launched", "expired"])
    }

    @Test func anUnknownIdentifierIsNamedWithWhatIsPending() {
        let rig = Rig()
        #expect(throws: ScheduledWorkError.noPendingRequest(identifier: "sync", pending: [cleanupIdentifier])) {
            try rig.work.setAllConditionsMet(for: "sync")
        }
        #expect(
            ScheduledWorkError.noPendingRequest(identifier: "sync", pending: [cleanupIdentifier]).description
                == "no pending task request \"sync\" (pending: com.example.cleanup)")
    }

    @Test func onScreenTheRequestIsNotPlanned() {
        let rig = Rig()
        rig.device.openApp()
        #expect(throws: ScheduledWorkError.notPlanned(identifier: cleanupIdentifier)) {
            try rig.work.setEarliestDateReached(for: cleanupIdentifier)
        }
    }
}
