import CDBus
import Foundation
import Synchronization

/// A connection to a D-Bus message bus through libdbus-1: it can own names, export objects,
/// call methods, send signals and hear them.
///
/// The connection has a thread of its own that polls its socket, reads, writes and dispatches
/// messages (`dbus_connection_read_write`, `dbus_connection_dispatch`): exported objects answer
/// and signal handlers run there, one message at a time. A message queued from another thread
/// wakes it at once, and an idle connection costs no wake-ups. ``call(_:timeout:)`` blocks its
/// caller until the reply comes, so it cannot be made from that thread (an object's handler or
/// a signal handler). No lock of the connection's is held while libdbus or a handler runs.
///
/// - warning: one connection per process and bus is enough: libdbus connections are
///   thread-safe, and every client in the process shares it.
// Guarded by state (a Mutex) and atomics; the libdbus connection it points to is thread-safe.
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
    private let wakePipe: WakePipe

    /// Connects to the bus at `address` and registers with it.
    public init(address: String) throws(DBusError) {
        guard dbus_threads_init_default() != 0, let wakePipe = WakePipe() else { throw DBusMessage.outOfMemory }
        self.address = address
        self.wakePipe = wakePipe
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
        dbus_connection_set_wakeup_main_function(connection, { context in
            context.map { Unmanaged<WakePipe>.fromOpaque($0).takeUnretainedValue().wake() }
        }, Unmanaged.passRetained(wakePipe).toOpaque(), { context in
            context.map { Unmanaged<WakePipe>.fromOpaque($0).release() }
        })
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
    /// another connection owns it. Waits for the bus's answer (see ``call(_:timeout:)``).
    public func requestName(_ name: String) throws(DBusError) {
        let reply = try callBus("RequestName", [.string(name), .uint32(UInt32(cdbus_name_flag_do_not_queue))])
        guard reply.arguments().first == .uint32(UInt32(cdbus_request_name_primary_owner)) else {
            throw .failed("\(name) is owned by another connection on \(address)")
        }
    }

    /// Answers the method calls sent to `path` with `object`, replacing what answered there.
    public func export(_ object: any DBusObject, at path: String) {
        state.withLock { $0.objects[path] = object }
    }

    /// Calls `handler` on the connection's thread with each signal `interface.member` that
    /// reaches the connection, and asks the bus for those of every sender. Waits for the bus's
    /// answer (see ``call(_:timeout:)``).
    public func onSignal(
        interface: String, member: String, _ handler: @escaping @Sendable (DBusMessage) -> Void
    ) throws(DBusError) {
        state.withLock { $0.signalHandlers.append(DBusSignalHandler(interface: interface, member: member, body: handler)) }
        _ = try callBus("AddMatch", [.string("type='signal',interface='\(interface)',member='\(member)'")])
    }

    /// Calls a method of the bus itself (`org.freedesktop.DBus`).
    private func callBus(_ member: String, _ arguments: [DBusValue]) throws(DBusError) -> DBusMessage {
        try call(DBusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: member, arguments: arguments))
    }

    // MARK: Sending

    /// Sends `message` without waiting: it is written now, or queued for the connection's
    /// thread, which wakes for it.
    public func send(_ message: DBusMessage) {
        dbus_connection_send(pointer, message.pointer, nil)
    }

    /// Sends the method call `message` and waits for its reply, at most `timeout`. Throws the
    /// error the reply carries, or why none came.
    ///
    /// The connection's thread reads the reply and wakes the caller (libdbus's pending call),
    /// so the caller never does the connection's I/O itself. On the connection's thread (in an
    /// object's or a signal's handler) it fails at once: nothing would read the reply there.
    public func call(_ message: DBusMessage, timeout: Duration = .seconds(5)) throws(DBusError) -> DBusMessage {
        let what = "\(message.interface ?? "").\(message.member ?? "")"
        guard !isOnConnectionThread else {
            throw .failed("\(what) was called on the D-Bus connection's own thread, which must read its reply")
        }
        var pendingCall: OpaquePointer?
        guard dbus_connection_send_with_reply(pointer, message.pointer, &pendingCall, -1) != 0 else {
            throw DBusMessage.outOfMemory
        }
        guard let pendingCall else {
            throw DBusError(name: "org.freedesktop.DBus.Error.Disconnected", message: "not connected to \(address); \(what) not sent")
        }
        defer { dbus_pending_call_unref(pendingCall) }
        let pending = PendingReply()
        let context = Unmanaged.passRetained(pending).toOpaque()
        let watching = dbus_pending_call_set_notify(pendingCall, { _, context in
            context.map { Unmanaged<PendingReply>.fromOpaque($0).takeUnretainedValue().complete() }
        }, context, { context in
            context.map { Unmanaged<PendingReply>.fromOpaque($0).release() }
        })
        guard watching != 0 else {
            Unmanaged<PendingReply>.fromOpaque(context).release()
            dbus_pending_call_cancel(pendingCall)
            throw DBusMessage.outOfMemory
        }
        // A reply read before the notification was set completed the call without it.
        if dbus_pending_call_get_completed(pendingCall) != 0 { pending.complete() }
        guard pending.wait(timeout), let reply = dbus_pending_call_steal_reply(pendingCall) else {
            dbus_pending_call_cancel(pendingCall)
            throw DBusError(name: "org.freedesktop.DBus.Error.NoReply", message: "no reply to \(what) within \(timeout)")
        }
        let answer = DBusMessage(taking: reply)
        if let error = answer.error { throw error }
        return answer
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
        wakePipe.wake()
        // A handler closing the connection does not wait for its own thread.
        if !isOnConnectionThread { threadEnded.wait() }
        dbus_connection_close(pointer)
    }

    // MARK: The connection's thread

    private var isOnConnectionThread: Bool {
        threadID.load(ordering: .acquiring) == UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    /// Starts the thread that reads, writes and dispatches. It holds the connection one turn at
    /// a time; it ends when the connection is closed or the bus goes away.
    private func startThread() {
        let ended = threadEnded
        Thread { [weak self] in
            // Named for the kernel as BackgroundRuntime's ThreadName does (this module stands
            // alone): Foundation's Thread.name does not reliably reach it.
            let comm = Glibc.open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if comm >= 0 {
                _ = Glibc.write(comm, "dbus-reader", 11)
                Glibc.close(comm)
            }
            self?.threadID.store(UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .releasing)
            while let connection = self, connection.turn() {}
            ended.signal()
        }.start()
    }

    /// One turn of the connection's thread: waits until the socket can be read (or written, with
    /// messages queued) or the thread is woken, then reads, writes, and dispatches every message
    /// read. False once the connection is closing or the bus went away.
    private func turn() -> Bool {
        if running.load(ordering: .acquiring), dbus_connection_get_dispatch_status(pointer) != DBUS_DISPATCH_DATA_REMAINS {
            var socket: Int32 = -1
            if dbus_connection_get_unix_fd(pointer, &socket) != 0 {
                let writing = dbus_connection_has_messages_to_send(pointer) != 0
                var fds = [
                    pollfd(fd: socket, events: Int16(POLLIN | (writing ? POLLOUT : 0)), revents: 0),
                    pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0),
                ]
                _ = poll(&fds, 2, -1)
                wakePipe.drain()
            }
        }
        guard running.load(ordering: .acquiring), dbus_connection_read_write(pointer, 0) != 0 else {
            running.store(false, ordering: .releasing)
            return false
        }
        while dbus_connection_dispatch(pointer) == DBUS_DISPATCH_DATA_REMAINS {}
        return true
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
