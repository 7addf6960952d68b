import BackgroundRuntime
import BackgroundRuntimeTesting
import Synchronization
import Testing

/// `BGContinuedProcessingTask` (iOS 26): started by the user in the foreground, shown in a
/// Live Activity, going on in the background while it reports progress.
@Suite("Continued processing tasks (iOS 26)")
struct ContinuedProcessingTests {
    private static let prefix = "com.raywenderlich.TheBackgrounder.export."

    @Test func aContinuedTaskIsSubmittedFromTheForeground() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        #expect(device.withExporter { exporter, application in exporter.export("a", in: application) } == .some(nil))
        #expect(log.take() == ["launched \(Self.prefix)a (active)"])

        device.pressHome()
        let refusal = Mutex<TaskSchedulerError?>(nil)
        device.wakeApp(for: "a timer") { application in
            let error = (application.delegate as? ContinuedTaskDelegate)?.export("b", in: application)
            refusal.withLock { $0 = error }
        }
        #expect(refusal.withLock { $0 } == .notPermitted(
            identifier: "\(Self.prefix)b",
            reason: "submitted while the app is background; submit it from the foreground, on the user's action"))

        let older = makeContinuedTaskDevice(iOS: 17, log: log)
        #expect(older.withExporter { exporter, application in exporter.export("a", in: application) } == .notPermitted(
            identifier: "\(Self.prefix)a", reason: "BGContinuedProcessingTaskRequest is new in iOS 26; this device runs iOS 17"))
    }

    @Test func continuedTasksUseAWildcardIdentifierRegisteredAnyTime() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        #expect(device.lastTermination == nil, "registering a wildcard after launch is allowed")
        let unmatched = device.perform { application -> TaskSchedulerError? in
            do throws(TaskSchedulerError) {
                try application.taskScheduler?.submit(
                    ContinuedProcessingTaskRequest(identifier: "com.raywenderlich.TheBackgrounder.other.1", title: "t", subtitle: "s"))
                return nil
            } catch {
                return error
            }
        }
        #expect(unmatched == .notPermitted(
            identifier: "com.raywenderlich.TheBackgrounder.other.1",
            reason: "no wildcard in BGTaskSchedulerPermittedIdentifiers of Info.plist matches it"))

        let foreign = TestDevice(
            profile: PolicyProfile(iOS: 26)!, infoPlist: InfoPlist(permittedTaskIdentifiers: ["com.other.export.*"])
        ) { _ in ContinuedTaskDelegate(log: log) }
        foreign.launch()
        let refusal = foreign.perform { application -> TaskSchedulerError? in
            application.taskScheduler?.register(forTaskWithIdentifier: "com.other.export.*") { _ in }
            do throws(TaskSchedulerError) {
                try application.taskScheduler?.submit(
                    ContinuedProcessingTaskRequest(identifier: "com.other.export.1", title: "t", subtitle: "s"))
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal == .notPermitted(
            identifier: "com.other.export.1",
            reason: "the wildcard com.other.export.* must start with the bundle identifier com.raywenderlich.TheBackgrounder"))

        let unregistered = TestDevice(
            profile: PolicyProfile(iOS: 26)!, infoPlist: InfoPlist(permittedTaskIdentifiers: [ContinuedTaskDelegate.pattern])
        ) { _ in ContinuedTaskDelegate(log: log) }
        unregistered.launch()
        unregistered.withExporter { exporter, application in _ = exporter.export("a", in: application) }
        #expect(unregistered.lastTermination == .crash(
            reason: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
                + "'No launch handler registered for task with identifier \(Self.prefix)a'"))
    }

    @Test func failThrowsAndQueueWaitsWhenNoTaskCanStart() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        for name in ["a", "b"] {
            #expect(device.withExporter { exporter, application in exporter.export(name, in: application) } == .some(nil))
        }
        #expect(device.withExporter { exporter, application in exporter.export("c", strategy: .fail, in: application) }
            == .immediateRunIneligible(identifier: "\(Self.prefix)c"))
        #expect(device.withExporter { exporter, application in exporter.export("d", in: application) } == .some(nil))
        #expect(log.take() == ["launched \(Self.prefix)a (active)", "launched \(Self.prefix)b (active)"])
        #expect(device.taskScheduler.continuedProcessingActivities.map(\.state) == [.running, .running, .queued])
        #expect(device.status().continuedProcessingTasks.last?.identifier == "\(Self.prefix)d")

        device.withExporter { exporter, _ in exporter.complete("\(Self.prefix)a", success: true) }
        #expect(log.take() == ["launched \(Self.prefix)d (active)"])
        #expect(device.taskScheduler.continuedProcessingActivities.map(\.state) == [.running, .running])

        device.withExporter { exporter, _ in exporter.complete("\(Self.prefix)b", success: true) }
        device.conditions.setThermalState(.serious)
        #expect(device.withExporter { exporter, application in exporter.export("e", strategy: .fail, in: application) }
            == .immediateRunIneligible(identifier: "\(Self.prefix)e"), "a hot device is under load")
    }

    @Test func aContinuedTaskWithoutProgressIsExpired() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        device.withExporter { exporter, application in _ = exporter.export("a", in: application) }
        device.pressHome()
        _ = log.take()
        device.advance(by: .seconds(30))
        device.withExporter { exporter, _ in exporter.progress("a", completed: 1, of: 10) }
        device.advance(by: .seconds(59))
        #expect(log.take().isEmpty, "progress 59 s ago is in time")
        device.advance(by: .seconds(1))
        #expect(log.take() == ["expired \(Self.prefix)a"])
        #expect(device.diagnostics.countByRule[.continuedTaskWithoutProgress] == 1)
        #expect(device.appState == .suspended, "the expired task completed and nothing else holds the app")

        device.openApp()
        for name in ["fast", "slow"] {
            device.withExporter { exporter, application in _ = exporter.export(name, in: application) }
        }
        device.withExporter { exporter, _ in
            exporter.progress("fast", completed: 5, of: 10)
            exporter.progress("slow", completed: 1, of: 10)
        }
        _ = log.take()
        device.conditions.setThermalState(.critical)
        #expect(log.take() == ["expired \(Self.prefix)slow"], "under pressure the least progress goes first")
    }

    @Test func stoppingTheLiveActivityCallsTheExpirationHandler() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        device.withExporter { exporter, application in _ = exporter.export("a", in: application) }
        _ = log.take()
        #expect(device.taskScheduler.stopContinuedTask(identifier: "\(Self.prefix)a"))
        #expect(log.take() == ["expired \(Self.prefix)a"])
        #expect(device.taskScheduler.continuedProcessingActivities.isEmpty)
        #expect(!device.taskScheduler.stopContinuedTask(identifier: "\(Self.prefix)a"), "nothing runs to stop")

        device.withExporter { exporter, application in
            exporter.completesOnExpiration = false
            _ = exporter.export("b", in: application)
        }
        device.pressHome()
        device.taskScheduler.stopContinuedTask(identifier: "\(Self.prefix)b")
        device.advance(by: .seconds(5))
        #expect(device.appState == .notRunning, "a task that never completes after expiring gets the app terminated")
        #expect(device.diagnostics.countByRule[.completionTimeout] == 1)
    }

    @Test func closingTheAppInTheSwitcherCancelsQueuedRequests() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        for name in ["a", "b", "c"] {
            device.withExporter { exporter, application in _ = exporter.export(name, in: application) }
        }
        #expect(device.taskScheduler.continuedProcessingActivities.count == 3)
        device.terminate(.user)
        #expect(device.console.recentMessages.contains(
            "BGTaskScheduler: 1 queued continued processing request(s) cancelled: the app was closed in the app switcher"))
        #expect(device.taskScheduler.continuedProcessingActivities.isEmpty)
        device.launch()
        #expect(device.taskScheduler.continuedProcessingActivities.isEmpty, "nothing comes back at the next launch")
    }

    @Test func aContinuedTaskKeepsTheAppRunningInTheBackground() {
        let log = AppLog()
        let device = makeContinuedTaskDevice(log: log)
        device.withExporter { exporter, application in _ = exporter.export("a", in: application) }
        device.pressHome()
        for step in 1...20 {
            device.advance(by: .seconds(30))
            device.withExporter { exporter, _ in exporter.progress("a", completed: Int64(step), of: 20) }
        }
        #expect(device.appState == .background, "ten minutes on, with progress, and no time limit")
        #expect(device.taskScheduler.continuedProcessingActivities.first?.fractionCompleted == 1)
        device.withExporter { exporter, _ in exporter.complete("\(Self.prefix)a", success: true) }
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains(
            "BGTaskScheduler: continued processing task \(Self.prefix)a completed (success: true)"))
    }
}
