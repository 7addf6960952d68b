import BackgroundRuntime
import Foundation
import Whatever

/// Manual devices whose app is the Whatever screen or a download queue.
extension TestDevice {
    static func whatever(iOS version: Int = 10, storage: URL? = nil) -> TestDevice {
        makeDevice(iOS: version, storage: storage) { WhateverScreen(application: $0) }
    }

    static func downloads(iOS version: Int = 10) -> TestDevice {
        makeDevice(iOS: version) { DownloadQueue(application: $0) }
    }

    /// Runs `body` with the Whatever screen; nil if the app's code cannot run now.
    @discardableResult
    func withScreen<T: Sendable>(_ body: @escaping @AppMain @Sendable (WhateverScreen) -> T) -> T? {
        with(WhateverScreen.self, body)
    }

    /// Runs `body` with the download queue; nil if the app's code cannot run now.
    @discardableResult
    func withQueue<T: Sendable>(_ body: @escaping @AppMain @Sendable (DownloadQueue) -> T) -> T? {
        with(DownloadQueue.self, body)
    }

    /// What the Whatever screen last published.
    var whatever: WhateverSnapshot? {
        snapshot(for: .whatever)
    }
}
