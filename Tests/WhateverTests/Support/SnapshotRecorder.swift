import Synchronization
import Whatever

/// The Whatever screen's snapshots as a test records them from an observer, on whichever thread
/// the observer is called.
final class SnapshotRecorder: Sendable {
    private let recorded = Mutex<[WhateverSnapshot?]>([])

    func record(_ snapshot: WhateverSnapshot?) {
        recorded.withLock { $0.append(snapshot) }
    }

    var snapshots: [WhateverSnapshot?] { recorded.withLock { $0 } }
}
