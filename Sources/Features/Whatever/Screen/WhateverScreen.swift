import BackgroundRuntime
import Foundation
import Logging

/// The Whatever tab: Fibonacci numbers computed twice a second, in the foreground and, with a
/// finite-length background task, in the background until iOS says "No more!".
///
/// Play starts over at position 1, starts a repeating 0.5 s timer and begins the background
/// task "Fibonacci"; Pause stops the timer and ends the task. What each number shows depends
/// on the app's state, as in the tutorial's `calculateNextNumber()`: the result label while
/// active, two console lines while in the background (the number and the background time
/// remaining), nothing while inactive. The expiration handler logs `Background task ended.`
/// and ends the task; the app is then suspended and the timer stops until the app is back.
///
/// The tutorial's bug — after an expiration, leaving the app again gives no background time,
/// because nothing begins a task again — is fixed as the 2016 tutorial fixes it: the screen
/// begins the task again when the app becomes active, the timer runs and no task is held.
/// ``reinstatesBackgroundTask`` switches the fix off, to see the bug.
@AppMain
public final class WhateverScreen {
    /// The name of the screen's background task.
    public nonisolated static let backgroundTaskName = "Fibonacci"
    /// How often the timer computes the next number.
    public nonisolated static let interval: Duration = .milliseconds(500)

    public let application: Application
    /// The tutorial's fix for its bug: begin the task again on didBecomeActive when the timer
    /// runs and no task is held. On by default; off shows the bug.
    public var reinstatesBackgroundTask = true
    /// Whether the expiration handler ends the task, as the tutorial's does. Off shows the
    /// classic bug: the task leaks, and iOS kills the app when its background time is up.
    public var endsTaskOnExpiration = true
    /// Whether Play opens a journal of the numbers in the app's shared container and keeps it
    /// locked until Pause. Off by default; on shows the 0xdead10cc bug: once the background
    /// task ends, the app is suspended holding the lock and killed.
    public var keepsJournalLocked = false
    /// The numbers computed so far.
    public private(set) var sequence = FibonacciSequence()
    /// The result label: the latest number computed while the app was active.
    public private(set) var resultsLabel = ""
    /// The background task held, or `.invalid`.
    public private(set) var backgroundTask = BackgroundTaskIdentifier.invalid
    /// The Compute button's work, in a continued processing task (iOS 26).
    public let computation: ContinuedComputation

    private var updateTimer: AppTimer?
    private var journal: LockedJournal?
    private var expired = false
    private var didBecomeActiveObserver: LifecycleObserverToken?

    /// Whether the Play/Pause toggle is on.
    public var isPlaying: Bool { updateTimer != nil }

    /// What the screen shows, as it publishes it for `status`.
    public var snapshot: WhateverSnapshot {
        WhateverSnapshot(
            label: resultsLabel,
            position: sequence.position,
            value: sequence.current.description,
            playing: isPlaying,
            assertion: backgroundTask != .invalid ? .held : expired ? .expired : .none,
            backgroundTask: backgroundTask != .invalid ? backgroundTask.rawValue : nil,
            computation: computation.snapshot, canCompute: application.profile.hasContinuedProcessingTasks)
    }

    public init(application: Application) {
        self.application = application
        computation = ContinuedComputation(application: application)
        computation.onChange = { [weak self] in self?.publish() }
        didBecomeActiveObserver = application.addObserver(for: .didBecomeActive) { [weak self] in
            self?.reinstateBackgroundTask()
        }
        publish()
    }

    isolated deinit {
        if let didBecomeActiveObserver { application.removeObserver(didBecomeActiveObserver) }
        updateTimer?.invalidate()
        if backgroundTask != .invalid { application.endBackgroundTask(backgroundTask) }
    }

    /// The Play/Pause toggle: ``play()`` when paused, ``pause()`` when playing.
    public func didTapPlayPause() {
        if isPlaying { pause() } else { play() }
    }

    /// Starts over at position 1, computes a number every 0.5 s, and begins the "Fibonacci"
    /// background task. Does nothing while playing.
    public func play() {
        guard !isPlaying else { return }
        sequence = FibonacciSequence()
        if keepsJournalLocked { journal = LockedJournal(application: application) }
        updateTimer = application.scheduledTimer(withTimeInterval: Self.interval, repeats: true) { [weak self] _ in
            self?.calculateNextNumber()
        }
        registerBackgroundTask()
        publish()
    }

    /// Stops the timer and ends the background task if one is held. Does nothing while paused.
    public func pause() {
        guard let updateTimer else { return }
        updateTimer.invalidate()
        self.updateTimer = nil
        journal = nil
        if backgroundTask != .invalid {
            endBackgroundTask()
        }
        expired = false
        publish()
    }

    private func calculateNextNumber() {
        sequence.advance()
        let resultsMessage = sequence.description
        journal?.append(resultsMessage)
        switch application.applicationState {
        case .active:
            resultsLabel = resultsMessage
        case .background:
            application.logger.info("App is backgrounded. Next number = \(resultsMessage)")
            // Unlimited (not finite) when no clock runs: the system has brought the app back on
            // screen before this tick reached it, or a background mode keeps it running.
            let remaining = application.backgroundTimeRemaining
            if remaining < .greatestFiniteMagnitude {
                application.logger.info("Background time remaining = \(String(format: "%.1f", remaining)) seconds")
            }
        case .inactive:
            break
        }
        publish()
    }

    private func registerBackgroundTask() {
        backgroundTask = application.beginBackgroundTask(withName: Self.backgroundTaskName) { [weak self] in
            self?.backgroundTaskExpired()
        }
        expired = false
    }

    private func backgroundTaskExpired() {
        guard backgroundTask != .invalid else { return }
        guard endsTaskOnExpiration else {
            application.logger.info("Background time is up; the expiration handler returns without ending the task")
            return
        }
        expired = true
        endBackgroundTask()
    }

    /// Ends the task, publishing first what the screen shows once it is over: ending the last
    /// task lets the system suspend the app at once, and what `status` and the app's card show
    /// from then on is the snapshot published before.
    private func endBackgroundTask() {
        application.logger.info("Background task ended.")
        let task = backgroundTask
        backgroundTask = .invalid
        publish()
        application.endBackgroundTask(task)
    }

    /// The fix: on didBecomeActive, begin the task again if the timer runs and none is held.
    private func reinstateBackgroundTask() {
        guard reinstatesBackgroundTask, isPlaying, backgroundTask == .invalid else { return }
        registerBackgroundTask()
        publish()
    }

    private func publish() {
        application.publish(snapshot, for: .whatever)
    }
}
