import BackgroundRuntime

/// The app's end of the location service's messages, which each location client of a launch
/// (``LocationManager``, ``LocationMonitor``, ``BackgroundActivitySession``) talks through: calls
/// to the system's ``LocationService`` and, once registered, the notices of its own channel.
typealias LocationServiceClient = ServiceClient<LocationMessages>

extension ServiceClient where Interface == LocationMessages {
    /// Hands `handle` the events of client `id`, in order, each time the service says some wait
    /// for it.
    func receiveEvents(of id: Int, _ handle: @escaping @AppMain ([LocationEvent]) -> Void) {
        receive(on: ServiceHost<LocationMessages>.channel(id)) { [weak self] notice in
            guard case .eventsWaiting(let client) = notice, client == id, let self else { return }
            handle(call(.take(client: id), answer: LocationEventBatch.self)?.events ?? [])
        }
    }

    /// Client `id` is gone: the service forgets it, and its notices go nowhere.
    func end(_ id: Int, with call: LocationServiceCall) {
        close()
        tell(call)
    }
}
