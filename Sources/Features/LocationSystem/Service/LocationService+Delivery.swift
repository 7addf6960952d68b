import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Handing the app what the service has for it, by messages that cross to the app's own
/// process too: each client's fixes and events wait in its ``Mailbox``, and the service pushes
/// them to the client's channel (``LocationMessages``) as batches
/// (``LocationServiceEvent/events(client:_:)``) — offered within the client's credit when they
/// are fixes only, posted while the app may run when they hold other events, or with a wake-up.
/// One thread at a time sends a client's batches, so they leave, and reach the delegate, in the
/// order the service decided them; none waits on the app.
extension LocationService {
    /// What one fix brought of what the system watches for the app whatever its state — region
    /// crossings, a significant change, a visit, a monitor's condition: the console's words,
    /// and the clients it was put for (none while the app has no client for it: then it waits
    /// in the service for the next one).
    struct Heard {
        let words: String
        let clients: [Int]
    }

    /// The wake-up's words for events that waited for a client: those that launched the app.
    static let waitingEvents = "location events that waited for the app"

    /// Sends client `id` what waits for it, with a wake-up for `event` (the console's words) if
    /// one is given — which resumes a suspended app. Otherwise fixes leave within the client's
    /// credit (``LocationMessages/creditWindow``) while the app runs, and are dropped while it is
    /// suspended (a suspended app gets no location updates); other events leave at once, held
    /// for a suspended app until it runs again, before what its resumption brings. If another
    /// thread is sending the client's batches, it sends these too.
    func send(to id: Int, wakingFor event: String? = nil) {
        let claimed = state.withLock { state -> Bool in
            if let event { state.mailboxes[id]?.owe(wakeFor: event) }
            return state.mailboxes[id]?.claim() ?? false
        }
        guard claimed else { return }
        let channel = LocationMessages.channel(id)
        var appState = device.appState
        while true {
            let (step, release) = state.withLock { state -> (Mailbox.Step, (any LocationSource, Bool)?) in
                (state.mailboxes[id]?.next(appState: appState) ?? .done, state.reconsiderHold())
            }
            applyHold(release)
            switch step {
            case .done:
                return
            case .again:
                appState = device.appState
            case .send(let batch):
                let message = LocationServiceEvent.events(client: id, stops: batch.stops, batch.events)
                let sent = switch batch.sending {
                case .fixes: host.offer(message, on: channel, whileSuspended: .drop)
                case .held: host.post(message, on: channel)
                case .wake(let event): host.wake(for: event, timeLimit: Self.eventTimeLimit, sending: message, on: channel)
                }
                guard !sent else { continue }
                // Refused: the client has no credit left, or the app cannot have it now.
                appState = device.appState
                let step = state.withLock { state in
                    state.mailboxes[id]?.putBack(batch, keepingFixes: appState.isRunning, limit: LocationMessages.undeliveredLimit) ?? .done
                }
                guard case .again = step else { return }
            }
        }
    }

    /// Sends client `id` what waits for it, its fixes too though an offer was refused: the
    /// client took in what it was sent, or the app's state changed.
    func offerAgain(to id: Int) {
        let waits = state.withLock { state -> Bool in
            state.mailboxes[id]?.offerAgain()
            return !(state.mailboxes[id]?.isEmpty ?? true)
        }
        if waits { send(to: id) }
    }

    /// Gives the new client `id` a mailbox, and has its returned credit send what waits for it.
    /// Called with the state locked; the returned closure registers the credit's return and
    /// must be called once the lock is released.
    func openMailbox(_ id: Int, in state: inout State) -> @Sendable () -> Void {
        state.mailboxes[id] = Mailbox()
        return { [host] in
            host.whenCreditReturns(on: LocationMessages.channel(id)) { [weak self] in self?.offerAgain(to: id) }
        }
    }

    /// Brings the app to hear `heard`: a terminated app is launched in the background (launch
    /// reason `location`), and each client it was put for is sent it with a wake-up, which
    /// resumes a suspended app — without the `location` background mode.
    func bringApp(toHear heard: Heard) {
        if device.appState == .notRunning {
            device.console.log("Launching \(device.infoPlist.bundleName) in the background (location): \(heard.words)")
            device.launch(reason: .location)
        }
        for id in heard.clients { send(to: id, wakingFor: heard.words) }
    }

    /// Why a manager may not start a service with `status`, if it may not: the error its delegate gets.
    static func startError(_ status: AuthorizationStatus) -> LocationError? {
        switch status {
        case .notDetermined: .notAuthorized
        case .denied: .denied
        case .authorizedAlways, .authorizedWhenInUse: nil
        }
    }
}

extension LocationService.State {
    /// Puts `event` in client `id`'s mailbox; false when the client has none.
    mutating func put(_ event: LocationEvent, for id: Int) -> Bool {
        mailboxes[id]?.append(event) != nil
    }

    /// Puts `fix` in client `id`'s mailbox; false when the client has none.
    mutating func put(fix: Location, for id: Int) -> Bool {
        mailboxes[id]?.append(fix: fix, limit: LocationMessages.undeliveredLimit) != nil
    }

    /// The managers, in order, that `selected` lets through.
    func managers(where selected: (LocationService.Client) -> Bool) -> [Int] {
        clients.keys.sorted().filter { id in clients[id].map(selected) ?? false }
    }
}
