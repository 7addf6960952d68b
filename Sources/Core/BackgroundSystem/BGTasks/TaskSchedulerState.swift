import BackgroundWire

/// The system's side of `BGTaskScheduler`; part of the device's state.
package struct TaskSchedulerState: Sendable, Equatable {
    /// The pending requests, in the order they were submitted.
    var pending: [PendingTask] = []
    /// The tasks launched and not completed yet, by run number.
    package var running: [Int: RunningTask] = [:]
    /// How the latest runs ended (true: completed), so that a second `setTaskCompleted` can say so.
    var finished = RecentEndings<Bool>()
    package var nextRun = 1
    /// Identifiers to launch at the next launch whatever their date (`bgtask simulate-launch`).
    var forced: Set<String> = []
    /// The timer of the next due request.
    var plan: SystemTimerToken?
    /// When each processing task last launched, by identifier: the next waits out the spacing.
    var lastProcessingLaunch: [String: Duration] = [:]
}
