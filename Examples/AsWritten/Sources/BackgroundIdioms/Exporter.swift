import Foundation
import UIKit

// Work on a queue of the app's own, under an `ExportTask`: begun on the main thread, ended from
// the work's queue when it is done, or by the system's expiration handler when the work takes
// longer than the background time left.
final class Exporter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "export")
    private let lock = NSLock()
    private var finished: [String] = []

    /// The names of the exports done, in order.
    var done: [String] {
        lock.lock()
        defer { lock.unlock() }
        return finished
    }

    /// Exports `name` on the export queue; `work` is what the export does there.
    @MainActor
    func export(_ name: String, work: @escaping @Sendable () -> Void) {
        let task = ExportTask("Export \(name)")
        queue.async {
            work()
            self.lock.lock()
            self.finished.append(name)
            self.lock.unlock()
            task.end()
        }
    }
}
