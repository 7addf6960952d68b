/// A handler of the signals of one interface member that a ``DBusConnection`` hears.
struct DBusSignalHandler: Sendable {
    let interface: String
    let member: String
    let body: @Sendable (DBusMessage) -> Void
}
