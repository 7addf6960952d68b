import Synchronization

/// What the running test started and must stop before its temporary directory is removed: a
/// device whose services run on threads of their own may otherwise write into the directory
/// after the test ended (a download that finishes and launches the app, which opens its track
/// store). ``TemporaryDirectoryTrait`` runs the steps, newest first, when the test ends.
public final class TestTeardown: Sendable {
    /// The running test's teardown; nil outside a suite marked `.temporaryDirectory`.
    @TaskLocal public static var current: TestTeardown?

    private let steps = Mutex<[@Sendable () async -> Void]>([])

    init() {}

    /// Adds `step` to what runs when the test ends.
    public func add(_ step: @escaping @Sendable () async -> Void) {
        steps.withLock { $0.append(step) }
    }

    /// Runs the steps added so far, newest first, and forgets them.
    func run() async {
        let steps = steps.withLock { steps in defer { steps.removeAll() }; return steps }
        for step in steps.reversed() { await step() }
    }
}
