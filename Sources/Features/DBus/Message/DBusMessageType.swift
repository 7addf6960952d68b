import CDBus

/// The four kinds of D-Bus message.
public enum DBusMessageType: Sendable, Equatable {
    case methodCall
    case methodReturn
    case error
    case signal
    /// A type this binding does not know (a newer protocol's).
    case other(Int32)

    init(code: Int32) {
        switch code {
        case cdbus_message_method_call: self = .methodCall
        case cdbus_message_method_return: self = .methodReturn
        case cdbus_message_error: self = .error
        case cdbus_message_signal: self = .signal
        default: self = .other(code)
        }
    }
}
