/// An object a ``DBusConnection`` exports at a path: it answers the method calls sent to it.
public protocol DBusObject: Sendable {
    /// Answers `call`: the reply's arguments, or the error to reply with. It runs on the
    /// connection's thread, so it must return soon and never wait on a D-Bus call itself.
    func handle(_ call: DBusMessage) -> Result<[DBusValue], DBusError>
}
