import NIOCore
import Synchronization

/// The connections accepted and not yet handed to `serve`, by their channel.
final class UnclaimedConnections: Sendable {
    private let connections = Mutex<[ObjectIdentifier: NIOAsyncChannel<ByteBuffer, ByteBuffer>]>([:])

    func add(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, of channel: any Channel) -> ObjectIdentifier {
        let id = ObjectIdentifier(channel)
        connections.withLock { $0[id] = connection }
        return id
    }

    func claim(_ id: ObjectIdentifier) -> NIOAsyncChannel<ByteBuffer, ByteBuffer>? {
        connections.withLock { $0.removeValue(forKey: id) }
    }

    func takeAll() -> [NIOAsyncChannel<ByteBuffer, ByteBuffer>] {
        connections.withLock { connections in
            defer { connections.removeAll() }
            return Array(connections.values)
        }
    }
}
