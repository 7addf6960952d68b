import NIOCore
import Synchronization

/// The gateway's open connections, at most `limit` at once, so that a provider that opens
/// thousands holds no more memory than that many (Backgrounder's model: APNs documents no
/// number). A connection past the limit takes the place of the one that has waited longest
/// without a request answered and has none under way — first those that never had one, the
/// oldest first; when every connection is busy, the new one is closed.
final class ConnectionTable: Sendable {
    let limit: Int
    private let state = Mutex<(records: [ObjectIdentifier: ConnectionRecord], opened: UInt64)>(([:], 0))

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes the connection on `channel`; returns its record and the connection to close to
    /// make room (the new one itself when nothing can be closed), or nil.
    func open(_ channel: any Channel) -> (record: ConnectionRecord, close: ConnectionRecord?) {
        state.withLock { state in
            state.opened += 1
            let record = ConnectionRecord(channel: channel, opened: state.opened)
            guard state.records.count >= limit else {
                state.records[ObjectIdentifier(record)] = record
                return (record, nil)
            }
            let idle = state.records.values.filter { $0.streams.load(ordering: .relaxed) == 0 }
            let victim =
                idle.filter { $0.lastAnswered.load(ordering: .relaxed) == 0 }.min { $0.opened < $1.opened }
                ?? idle.min { $0.lastAnswered.load(ordering: .relaxed) < $1.lastAnswered.load(ordering: .relaxed) }
            guard let victim else { return (record, record) }
            state.records[ObjectIdentifier(victim)] = nil
            state.records[ObjectIdentifier(record)] = record
            return (record, victim)
        }
    }

    /// Forgets a closed connection.
    func close(_ record: ConnectionRecord) {
        _ = state.withLock { $0.records.removeValue(forKey: ObjectIdentifier(record)) }
    }

    /// Every open connection.
    var all: [ConnectionRecord] { state.withLock { Array($0.records.values) } }

    /// How many are open.
    var count: Int { state.withLock { $0.records.count } }
}
