import CDBus

/// One D-Bus message: a method call, its reply or error, or a signal, with its arguments.
///
/// A message is built whole by one of the factories and then only read or sent once, so it
/// may cross threads; it owns its libdbus reference.
public final class DBusMessage: @unchecked Sendable {
    // @unchecked: after the factory returns, only libdbus changes the message, when it is
    // sent (its serial, under the connection's lock); the readers do not change it.
    let pointer: OpaquePointer

    /// Takes over one reference to `pointer`.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        dbus_message_unref(pointer)
    }

    // MARK: Making messages

    /// A call of `interface.member` on `path` of the connection named `destination`.
    public static func methodCall(
        destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = []
    ) throws(DBusError) -> DBusMessage {
        try checkPath(path)
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw outOfMemory
        }
        return try finish(message, appending: arguments)
    }

    /// A signal `interface.member` from the object at `path`.
    public static func signal(path: String, interface: String, member: String, arguments: [DBusValue] = []) throws(DBusError) -> DBusMessage {
        try checkPath(path)
        guard let message = dbus_message_new_signal(path, interface, member) else { throw outOfMemory }
        return try finish(message, appending: arguments)
    }

    /// The successful reply to `call`, carrying `arguments`.
    public static func methodReturn(to call: DBusMessage, arguments: [DBusValue] = []) throws(DBusError) -> DBusMessage {
        guard let message = dbus_message_new_method_return(call.pointer) else { throw outOfMemory }
        return try finish(message, appending: arguments)
    }

    /// The error reply to `call`.
    public static func errorReply(to call: DBusMessage, _ error: DBusError) throws(DBusError) -> DBusMessage {
        guard let message = dbus_message_new_error(call.pointer, error.name.visibleName, error.message.withoutNUL) else {
            throw outOfMemory
        }
        return DBusMessage(taking: message)
    }

    private static func finish(_ message: OpaquePointer, appending arguments: [DBusValue]) throws(DBusError) -> DBusMessage {
        do {
            try append(arguments, to: message)
        } catch {
            dbus_message_unref(message)
            throw error
        }
        return DBusMessage(taking: message)
    }

    static let outOfMemory = DBusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "libdbus ran out of memory")

    static func checkPath(_ path: String) throws(DBusError) {
        guard dbus_validate_path(path, nil) != 0, !path.contains("\0") else {
            throw .invalidArgs("\(path.debugDescription) is not a D-Bus object path")
        }
    }

    // MARK: Reading

    /// The kind of message.
    public var type: DBusMessageType { DBusMessageType(code: dbus_message_get_type(pointer)) }
    /// The object path it is sent to or from.
    public var path: String? { dbus_message_get_path(pointer).map { String(cString: $0) } }
    /// The interface of the method or signal.
    public var interface: String? { dbus_message_get_interface(pointer).map { String(cString: $0) } }
    /// The method's or signal's name.
    public var member: String? { dbus_message_get_member(pointer).map { String(cString: $0) } }
    /// The error's name, for an error reply.
    public var errorName: String? { dbus_message_get_error_name(pointer).map { String(cString: $0) } }
    /// The signature of its arguments, e.g. `ss`.
    public var signature: String { dbus_message_get_signature(pointer).map { String(cString: $0) } ?? "" }
    /// Whether the sender asked for no reply.
    public var expectsReply: Bool { dbus_message_get_no_reply(pointer) == 0 }

    /// The arguments, in order.
    public func arguments() -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iterator) != 0 else { return [] }
        return Self.readAll(&iterator)
    }

    /// An error reply as a ``DBusError``; nil for another kind of message.
    public var error: DBusError? {
        guard type == .error else { return nil }
        let message = arguments().first?.stringValue ?? ""
        return DBusError(name: errorName ?? "org.freedesktop.DBus.Error.Failed", message: message)
    }
}

extension String {
    /// The text without NUL characters, which D-Bus strings cannot hold.
    var withoutNUL: String { contains("\0") ? replacingOccurrences(of: "\0", with: "") : self }

    /// An error name libdbus accepts: dotted, each element a valid name.
    var visibleName: String {
        dbus_validate_error_name(self, nil) != 0 && !contains("\0") ? self : "org.freedesktop.DBus.Error.Failed"
    }
}
