import BackgroundApp
import BackgroundWire
import LocationWire

/// The app's end of the location service's messages, which each location client of a launch
/// (``LocationManager``, ``LocationMonitor``, ``BackgroundActivitySession``) talks through: calls
/// to the system's ``LocationService`` and, once registered, the batches of its own channel.
typealias LocationServiceClient = ServiceClient<LocationMessages>

extension ServiceClient where Interface == LocationMessages {
    /// Hands `handle` the events of client `id`, in order, batch by batch as the service pushes
    /// them, with the number of times the client's updates had stopped when each batch left
    /// (``LocationServiceEvent/events(client:stops:_:)``); a batch for another client is not
    /// this one's.
    func receiveEvents(of id: Int, _ handle: @escaping @AppMain (_ events: [LocationEvent], _ stops: Int) -> Void) {
        receive(on: LocationMessages.channel(id)) { batch in
            guard case .events(let client, let stops, let events) = batch, client == id else { return }
            handle(events, stops)
        }
    }

    /// Client `id` is gone: the service forgets it, and its batches go nowhere.
    func end(_ id: Int, with call: LocationServiceCall) {
        close()
        tell(call)
    }
}
