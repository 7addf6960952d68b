import BackgroundTasks
import Foundation

// BGTaskScheduler from a plain class, as apps factor it out of the app delegate: it registers
// the refresh handler at launch, schedules the next refresh from the handler, and completes the
// task; BGTaskScheduler is thread-safe and of no actor, so the class needs none.
final class RefreshScheduler {
    static let identifier = "com.example.idioms.refresh"
    private(set) var refreshes = 0

    func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.identifier, using: nil) { task in
            self.handleAppRefresh(task: task as! BGAppRefreshTask)
        }
    }

    func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: Self.identifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule app refresh: \(error)")
        }
    }

    func handleAppRefresh(task: BGAppRefreshTask) {
        scheduleAppRefresh()
        refreshes += 1
        task.setTaskCompleted(success: true)
    }
}
