import CDBus
import Foundation
import Synchronization

/// A connection to a D-Bus message bus through libdbus-1: it can own names, export objects,
/// call methods, send signals and hear them.
///
/// The connection has a thread of its own that reads, writes and dispatches messages
/// (`dbus_connection_read_write_dispatch`): exported objects answer and signal handlers run
/// there, one message at a time. ``call(_:timeout:)`` blocks its caller
/// until the reply comes, so it must not be made from that thread (an object's handler or a
/// signal handler). No lock of the connection's is held while libdbus or a handler runs.
///
/// - warning: one connection per process and bus is enough: libdbus connections are
///   thread-safe, and every client in the process shares it.
public final class DBusConnection: @unchecked Sendable {
    // @unchecked: `pointer` is set once; libdbus's connection functions are thread-safe once
    // dbus_threads_init_default has run, which init does first. The rest is in a Mutex.

    /// The bus's address, e.g. `unix:path=/run/user/1000/bus`.
    public let address: String
    /// The connection's unique name on the bus, e.g. `:1.42`.
    public let uniqueName: String
    private let pointer: OpaquePointer

    private struct State {
        var objects: [String: any DBusObject] = [:]
        var signalHandlers: [DBusSignalHandler] = []
        var isClosed = false
    }

    private let state = Mutex(State())
    private let running = Atomic<Bool>(true)
    private let threadEnded = DispatchSemaphore(value: 0)
    /// The connection's thread (`pthread_self`), once it runs.
    private let threadID = Atomic<UInt>(0)

    /// Connects to the bus at `address` and registers with it.
    public init(address: String) throws(DBusError) {
        guard dbus_threads_init_default() != 0 else { throw DBusMessage.outOfMemory }
        self.address = address
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address.withoutNUL, &error) else {
            throw Self.take(&error, otherwise: "cannot connect to the D-Bus bus at \(address)")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Self.take(&error, otherwise: "the D-Bus bus at \(address) did not accept the connection")
        }
        pointer = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        dbus_connection_add_filter(connection, { _, message, context in
            guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let connection = Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue()
            return connection.dispatch(DBusMessage(taking: dbus_message_ref(message)))
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        startThread()
    }

    deinit {
        close()
        dbus_connection_unref(pointer)
    }

    /// The session bus's address in `environment` (`DBUS_SESSION_BUS_ADDRESS`); nil when
    /// there is none.
    public static func sessionBusAddress(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return nil }
        return address
    }

    // MARK: Names, objects and signals

    /// Takes the well-known `name` (e.g. `org.mpris.MediaPlayer2.TheBackgrounder`); fails if
    /// another connection owns it. Blocks until the bus answers.
    public func requestName(_ name: String) throws(DBusError) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let reply = dbus_bus_request_name(pointer, name.withoutNUL, cdbus_name_flag_do_not_queue, &error)
        if reply < 0 { throw Self.take(&error, otherwise: "cannot own \(name)") }
        guard reply == cdbus_request_name_primary_owner else {
            throw .failed("\(name) is owned by another connection on \(address)")
        }
    }

    /// Answers the method calls sent to `path` with `object`, replacing what answered there.
    public func export(_ object: any DBusObject, at path: String) {
        state.withLock { $0.objects[path] = object }
    }

    /// Calls `handler` on the connection's thread with each signal `interface.member` that
    /// reaches the connection, and asks the bus for those of every sender. Blocks until the
    /// bus answers.
    public func onSignal(
        interface: String, member: String, _ handler: @escaping @Sendable (DBusMessage) -> Void
    ) throws(DBusError) {
        state.withLock { $0.signalHandlers.append(DBusSignalHandler(interface: interface, member: member, body: handler)) }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        dbus_bus_add_match(pointer, "type='signal',interface='\(interface)',member='\(member)'".withoutNUL, &error)
        if dbus_error_is_set(&error) != 0 { throw Self.take(&error, otherwise: "cannot listen to \(interface).\(member)") }
    }

    // MARK: Sending

    /// Sends `message` without waiting for an answer. It may wait for the connection's
    /// thread to finish its current poll (at most 100 ms), so callers that must never wait
    /// send from a queue of their own.
    public func send(_ message: DBusMessage) {
        dbus_connection_send(pointer, message.pointer, nil)
    }

    /// Sends the method call `message` and waits for its reply, at most `timeout`. Throws the
    /// error the reply carries, or why none came. Never call it on the connection's thread.
    public func call(_ message: DBusMessage, timeout: Duration = .seconds(5)) throws(DBusError) -> DBusMessage {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard let reply = dbus_connection_send_with_reply_and_block(pointer, message.pointer, milliseconds, &error) else {
            throw Self.take(&error, otherwise: "no reply to \(message.interface ?? "").\(message.member ?? "")")
        }
        return DBusMessage(taking: reply)
    }

    // MARK: Closing

    /// Stops the connection's thread and closes the connection; closing twice does nothing.
    public func close() {
        let wasClosed = state.withLock { state in
            defer { state.isClosed = true }
            return state.isClosed
        }
        guard !wasClosed else { return }
        running.store(false, ordering: .releasing)
        // A handler closing the connection does not wait for its own thread.
        if threadID.load(ordering: .acquiring) != UInt(bitPattern: Int(bitPattern: pthread_self())) { threadEnded.wait() }
        dbus_connection_close(pointer)
    }

    /// Whether the connection's thread still runs: false once closed or the bus went away.
    public var isConnected: Bool {
        running.load(ordering: .acquiring) && dbus_connection_get_is_connected(pointer) != 0
    }

    // MARK: The connection's thread

    private func startThread() {
        let thread = Thread { [self] in
            threadID.store(UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .releasing)
            while running.load(ordering: .acquiring), dbus_connection_read_write_dispatch(pointer, 100) != 0 {}
            running.store(false, ordering: .releasing)
            threadEnded.signal()
        }
        thread.name = "backgrounder.dbus"
        thread.start()
    }

    /// Handles one incoming message on the connection's thread.
    private func dispatch(_ message: DBusMessage) -> DBusHandlerResult {
        switch message.type {
        case .methodCall:
            answer(message)
            return DBUS_HANDLER_RESULT_HANDLED
        case .signal:
            let handlers = state.withLock { state in
                state.signalHandlers.filter { $0.interface == message.interface && $0.member == message.member }
            }
            for handler in handlers { handler.body(message) }
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        default:
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
    }

    private func answer(_ call: DBusMessage) {
        let object = state.withLock { state in call.path.flatMap { state.objects[$0] } }
        let result = object?.handle(call)
            ?? .failure(.unknownObject("no object at \(call.path ?? "no path")"))
        guard call.expectsReply else { return }
        let reply: DBusMessage?
        switch result {
        case .success(let arguments):
            reply = (try? DBusMessage.methodReturn(to: call, arguments: arguments))
                ?? (try? DBusMessage.errorReply(to: call, .failed("the reply could not be written")))
        case .failure(let error):
            reply = try? DBusMessage.errorReply(to: call, error)
        }
        if let reply { send(reply) }
    }

    /// The libdbus error in `error` as a ``DBusError`` (freeing it), or `otherwise`.
    private static func take(_ error: inout CDBus.DBusError, otherwise message: String) -> DBusError {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0 else { return .failed(message) }
        return DBusError(
            name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
            message: error.message.map { String(cString: $0) } ?? message)
    }
}
