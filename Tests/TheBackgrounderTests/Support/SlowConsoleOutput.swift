import Foundation
import Synchronization

/// A console output that takes its time with each line, as a terminal or a pipe that is slow
/// to drain does, and keeps the lines it wrote. The console writes to it on a thread of its
/// own, so the pause holds no thread of the tests.
final class SlowConsoleOutput: Sendable {
    private let pause: TimeInterval
    private let written = Mutex<[String]>([])

    init(pause: Duration) {
        self.pause = pause.seconds
    }

    func write(_ line: String) {
        Thread.sleep(forTimeInterval: pause)
        written.withLock { $0.append(line) }
    }

    /// The lines written so far.
    var lines: [String] { written.withLock { $0 } }
}
