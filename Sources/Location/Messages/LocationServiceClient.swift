import BackgroundRuntime

/// The app's end of the location service's messages, which each location client of a launch
/// (``LocationManager``, ``LocationMonitor``, ``BackgroundActivitySession``) talks through: calls
/// to the system's ``LocationService`` (``Application/callService(_:_:)``, answered on the
/// calling thread in the system's process, over the socket from the app's own), and a client's
/// events, taken when the service says some wait. It holds the `Application` only, no object of
/// the system.
@AppMain
struct LocationServiceClient {
    let application: Application

    /// Makes `call`; its answer, nil when it has none (or the service is not running). An answer
    /// that cannot be read is logged and taken as none.
    func call<Answer: Decodable>(_ call: LocationServiceCall, answer: Answer.Type) -> Answer? {
        guard let json = application.callService(LocationService.serviceName, LocationJSON.encode(call)) else { return nil }
        guard let answer = LocationJSON.decode(Answer.self, from: json) else {
            application.logger.info("Location: ignoring an answer of the location service the app cannot read: \(json.prefix(200))")
            return nil
        }
        return answer
    }

    /// Makes `call`, which answers nothing.
    func tell(_ call: LocationServiceCall) {
        _ = application.callService(LocationService.serviceName, LocationJSON.encode(call))
    }

    /// Hands `handle` the events of client `id`, in order, each time the service says some wait
    /// for it; a message that is not such a notice is logged and ignored.
    func receiveEvents(of id: Int, _ handle: @escaping @AppMain ([LocationEvent]) -> Void) {
        application.receiveMessages(fromService: LocationService.channel(of: id)) { [weak application] json in
            guard let application else { return }
            guard let notice = LocationJSON.decode(LocationServiceEvent.self, from: json) else {
                application.logger.info("Location: ignoring a message of the location service the app cannot read: \(json.prefix(200))")
                return
            }
            switch notice {
            case .eventsWaiting(let client) where client == id:
                let client = LocationServiceClient(application: application)
                handle(client.call(.take(client: id), answer: LocationEventBatch.self)?.events ?? [])
            case .eventsWaiting:
                break
            }
        }
    }

    /// Client `id` is gone: the service forgets it, and its notices go nowhere.
    func end(_ id: Int, with call: LocationServiceCall) {
        application.stopReceivingMessages(fromService: LocationService.channel(of: id))
        tell(call)
    }
}
