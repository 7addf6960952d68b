import Foundation
import UIKit

// A background-task helper as apps write it (the construct of several public apps' export and
// save helpers): a plain class, not isolated, made on the main thread, that any thread may end;
// the end hops to the main queue with `DispatchQueue.main.async`, and the expiration handler
// ends it too.
final class ExportTask: @unchecked Sendable {
    private let lock = NSLock()
    private var id: UIBackgroundTaskIdentifier = .invalid

    @MainActor
    init(_ name: String) {
        id = UIApplication.shared.beginBackgroundTask(withName: name) { [weak self] in
            self?.end()
        }
    }

    func end() {
        lock.lock()
        let current = id
        id = .invalid
        lock.unlock()
        guard current != .invalid else { return }
        DispatchQueue.main.async { UIApplication.shared.endBackgroundTask(current) }
    }

    deinit { end() }
}
