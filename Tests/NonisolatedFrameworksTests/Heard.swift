import BackgroundRuntime
import Synchronization

/// What the app heard, one line per call, in order: kept outside the app, so that a test reads
/// it while the app is suspended.
final class Heard: Sendable {
    private let lines = Mutex<[String]>([])

    func record(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }

    /// The lines that start with `prefix`.
    func lines(startingWith prefix: String) -> [String] { all.filter { $0.hasPrefix(prefix) } }

    /// Where a delegate method runs: `on main` in a job of the app's main executor (the app's
    /// main thread), with the app's state; `elsewhere` on another thread.
    func whereCalled() -> String {
        guard let application = Application.current, application.isOnMainExecutor else { return "elsewhere" }
        return "on main \(AppMain.assumeIsolated { application.applicationState })"
    }
}
