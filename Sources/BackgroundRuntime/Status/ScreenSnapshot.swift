/// What one screen of the app shows, as the app last published it.
///
/// iOS keeps a snapshot of a backgrounded app for the app switcher; the system here keeps the
/// latest snapshot of each screen, so that `status` and the web UI can show the app without
/// asking it — which a suspended app could not answer.
public protocol ScreenSnapshot: Encodable, Sendable {}
