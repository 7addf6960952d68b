import BackgroundRuntime

/// What the app's location clients — ``LocationManager``, ``LocationMonitor``,
/// ``BackgroundActivitySession`` — and the system's ``LocationService`` say to each other.
///
/// The protocol in one paragraph: a client registers (``LocationServiceCall/register``,
/// ``LocationServiceCall/openMonitor(name:)``) and gets a number; it listens on a channel of its
/// own (`location/7`, ``ServiceHost/channel(_:)``). Whatever the service has for it — fixes, a
/// region crossing, a change of authorization, a pause, a condition's change — waits in the
/// service in that client's ``Mailbox``, and the service sends a ``LocationServiceEvent`` on the
/// channel: posted while the app may run (dropped for fixes while it is suspended, held
/// otherwise), or with a wake-up for what wakes a suspended app. The client then
/// ``LocationServiceCall/take(client:)``s everything waiting, in order, as one
/// ``LocationEventBatch``, so fixes that arrive while the app is busy come together and a
/// suspended app's held events are one message, however many they are.
enum LocationMessages: ServiceInterface {
    typealias Call = LocationServiceCall
    typealias Event = LocationServiceEvent

    static let name = "location"
}
