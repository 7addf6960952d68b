/// A D-Bus error: its name (`org.freedesktop.DBus.Error.InvalidArgs`) and message, as a
/// reply carries it or as libdbus reports a failure.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error's name, e.g. `org.freedesktop.DBus.Error.UnknownMethod`.
    public let name: String
    /// What went wrong, for a person.
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    /// A method's arguments are of the wrong number or type.
    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// No method of that name on the interface.
    public static func unknownMethod(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }

    /// No object at that path.
    public static func unknownObject(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: message)
    }

    /// The object has no such interface.
    public static func unknownInterface(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: message)
    }

    /// The interface has no such property.
    public static func unknownProperty(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: message)
    }

    /// The property cannot be written.
    public static func propertyReadOnly(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: message)
    }

    /// The call is understood but not supported.
    public static func notSupported(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.NotSupported", message: message)
    }

    /// The call failed for the reason given.
    public static func failed(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }
}
