import BackgroundWire

/// What the app's location clients — ``LocationManager``, ``LocationMonitor``,
/// ``BackgroundActivitySession`` — and the system's ``LocationService`` say to each other.
///
/// The protocol in one paragraph: a client registers (``LocationServiceCall/register``,
/// ``LocationServiceCall/openMonitor(name:)``) and gets a number; it listens on a channel of its
/// own (`location/7`, `ServiceInterface/channel(_:)`). Whatever the service has for it — fixes, a
/// region crossing, a change of authorization, a pause, a condition's change — waits in the
/// service in that client's ``Mailbox`` only until it can leave, and the service pushes it on the
/// channel as one ``LocationServiceEvent/events(client:_:)`` batch, in order: fixes alone are
/// offered within the client's credit (``creditWindow``, one batch) and dropped while the app is
/// suspended; other events are posted, held for a suspended app until it runs again; what wakes
/// a suspended app goes with a wake-up. Fixes that arrive while the app
/// has no credit come together in the next batch; the client gives credit back, one way, as it
/// takes each batch in.
package enum LocationMessages: ServiceInterface {
    package typealias Call = LocationServiceCall
    package typealias Event = LocationServiceEvent

    package static let name = "location"
    /// One batch: the app takes it in while the next gathers what arrives meanwhile, and the
    /// credit it gives back, one way, as it takes the batch in sends the next at once. So a busy
    /// app gets fixes together, as iOS's `didUpdateLocations` array has them ("If updates were
    /// deferred or if multiple locations arrived before they could be delivered, the array may
    /// contain additional entries") — Backgrounder's model of how many wait for the app at
    /// once. A frozen app takes nothing in, so one batch at most waits in it.
    package static let creditWindow = 1
    /// The most fixes kept for a manager that does not take them (its app is busy): the oldest
    /// go first. Backgrounder's model; Apple documents no number. A source that can wait is held
    /// long before (`LocationService.holdThreshold`); what it read before the hold took effect (a few socket
    /// reads' worth) stays well under this.
    package static let undeliveredLimit = 10_000
}
