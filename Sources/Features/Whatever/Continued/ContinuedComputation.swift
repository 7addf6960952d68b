import BackgroundRuntime

/// The Whatever tab's Compute button (iOS 26): the first `count` Fibonacci numbers, one every
/// 0.5 s, in a `BGContinuedProcessingTask`, so the work the user started goes on when they
/// leave the app, with its progress in the task's Live Activity.
///
/// Each Compute submits a request `com.raywenderlich.TheBackgrounder.fibonacci.N` under the
/// Info.plist's wildcard, registering the wildcard's launch handler on first use (continued
/// tasks may register late). The task advances its progress with every number, finishes with
/// `setTaskCompleted(success: true)`, and stops at once when it expires — when the user taps
/// Stop in the Live Activity, or it showed no progress for too long.
@AppMain
public final class ContinuedComputation {
    /// The Info.plist's wildcard for the computations' identifiers.
    public nonisolated static let identifierPattern = "com.raywenderlich.TheBackgrounder.fibonacci.*"

    public let application: Application
    /// Where the latest computation stands; nil before the first.
    public private(set) var snapshot: ComputationSnapshot?
    /// Tells the screen that ``snapshot`` changed.
    var onChange: (@AppMain () -> Void)?

    private var isRegistered = false
    private var submissions = 0
    private var task: ContinuedProcessingTask?
    private var timer: AppTimer?
    private var sequence = FibonacciSequence()

    public init(application: Application) {
        self.application = application
    }

    isolated deinit {
        timer?.invalidate()
        task?.setTaskCompleted(success: false)
    }

    /// Starts computing the first `count` numbers in a continued processing task, unless one
    /// runs or waits already. A refusal shows in the snapshot and the console.
    public func compute(count: Int) {
        guard snapshot?.state.isUnderway != true else { return }
        guard let scheduler = application.taskScheduler, application.profile.hasContinuedProcessingTasks else {
            refuse("BGContinuedProcessingTask is new in iOS 26; run with --ios 26", count: count)
            return
        }
        if !isRegistered {
            isRegistered = scheduler.register(forTaskWithIdentifier: Self.identifierPattern) { [weak self] task in
                guard let task = task as? ContinuedProcessingTask else { return }
                self?.run(task)
            }
        }
        submissions += 1
        let identifier = Self.identifierPattern.dropLast() + String(submissions)
        let request = ContinuedProcessingTaskRequest(
            identifier: String(identifier), title: "Fibonacci", subtitle: "0 of \(count) numbers")
        snapshot = ComputationSnapshot(identifier: request.identifier, count: count, position: 0, value: "", state: .queued)
        do throws(TaskSchedulerError) {
            try scheduler.submit(request)
        } catch {
            refuse(error.description, count: count)
            return
        }
        changed()
    }

    private func run(_ task: ContinuedProcessingTask) {
        guard var snapshot, snapshot.identifier == task.identifier else {
            task.setTaskCompleted(success: false)
            return
        }
        self.task = task
        sequence = FibonacciSequence()
        task.progress.totalUnitCount = Int64(snapshot.count)
        task.expirationHandler = { [weak self] in self?.stop() }
        snapshot.state = .running
        self.snapshot = snapshot
        timer = application.scheduledTimer(withTimeInterval: WhateverScreen.interval, repeats: true) { [weak self] _ in
            self?.computeNext()
        }
        changed()
    }

    private func computeNext() {
        guard let task, var snapshot else { return }
        if snapshot.position > 0 { sequence.advance() }
        snapshot.position += 1
        snapshot.value = sequence.current.description
        task.progress.completedUnitCount = Int64(snapshot.position)
        task.updateTitle("Fibonacci", subtitle: "\(snapshot.position) of \(snapshot.count) numbers")
        if application.applicationState == .background {
            application.logger.info("Continued task: number \(snapshot.position) of \(snapshot.count) = \(snapshot.value)")
        }
        self.snapshot = snapshot
        if snapshot.position >= snapshot.count { finish(.done, success: true) } else { changed() }
    }

    /// The expiration handler: stop now and tell the system.
    private func stop() {
        guard let snapshot else { return }
        application.logger.info("Continued task stopped at number \(snapshot.position) of \(snapshot.count)")
        finish(.stopped, success: false)
    }

    private func finish(_ state: ComputationSnapshot.State, success: Bool) {
        timer?.invalidate()
        timer = nil
        snapshot?.state = state
        if state == .done, let snapshot {
            application.logger.info("Continued task finished: \(snapshot.count) numbers")
        }
        // The screen shows the end before the system hears of it: once it has, it may suspend
        // the app at once, and a later publish would wait for the next time the app runs.
        changed()
        task?.setTaskCompleted(success: success)
        task = nil
    }

    private func refuse(_ reason: String, count: Int) {
        application.logger.info("Compute refused: \(reason)")
        snapshot = ComputationSnapshot(identifier: nil, count: count, position: 0, value: "", state: .refused, reason: reason)
        changed()
    }

    private func changed() {
        onChange?()
    }
}
