/// What one screen of the app shows, as the app last published it: a plain value.
///
/// iOS keeps a snapshot of a backgrounded app for the app switcher; the system here keeps the
/// latest snapshot of each screen, so that `status` and the web UI can show the app without
/// asking it — which a suspended app could not answer. Publish it through the screen's
/// ``ScreenKey``; what the system itself knows about the screen's subject goes in a
/// `ScreenFact`.
public protocol ScreenSnapshot: Encodable, Sendable {}
