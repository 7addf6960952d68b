import BackgroundRuntime
import Foundation

/// The modern way (iOS 13 and later): a `BGAppRefreshTask` that does the same fetch.
extension FetchScreen {
    /// Registers the refresh task's launch handler, if the era has `BGTaskScheduler` and the
    /// Info.plist permits the identifier, and submits a request each time the app leaves the
    /// foreground.
    func registerRefreshTask() {
        guard let scheduler = application.taskScheduler,
            application.infoPlist.permittedTaskIdentifiers.contains(Self.refreshTaskIdentifier)
        else { return }
        scheduler.register(forTaskWithIdentifier: Self.refreshTaskIdentifier) { [weak self] task in
            self?.handleAppRefresh(task)
        }
        application.addObserver(for: .didEnterBackground) { [weak self] in
            self?.scheduleAppRefresh()
        }
    }

    /// Submits the next app refresh request, replacing a pending one.
    func scheduleAppRefresh() {
        var request = AppRefreshTaskRequest(identifier: Self.refreshTaskIdentifier)
        request.earliestBeginDate = application.date.addingTimeInterval(Self.refreshDelay)
        do {
            try application.taskScheduler?.submit(request)
        } catch {
            application.logger.info("Could not schedule app refresh: \(error)")
        }
    }

    private func handleAppRefresh(_ task: ScheduledTask) {
        scheduleAppRefresh()
        task.expirationHandler = { [weak self] in self?.cancelFetches() }
        fetch { [weak self] result in
            self?.updateUI()
            task.setTaskCompleted(success: result != .failed)
        }
    }
}
