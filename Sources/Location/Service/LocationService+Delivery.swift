import BackgroundRuntime

/// Handing the app what the service has for it, by messages that cross to the app's own
/// process too: each client's fixes and events wait in its ``Mailbox``; the client is told on
/// its channel (``LocationMessages``) — posted while the app may run, or with a wake-up —
/// and takes them (``take(_:)``).
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

    /// Tells client `id` that events wait for it, as `notice` says. When the app cannot have
    /// it — fixes while it is suspended, anything once it has ended — the client is not told,
    /// and waiting fixes are dropped: a suspended app gets no location updates.
    func tell(_ id: Int, _ notice: Mailbox.Notice) {
        let waiting = LocationServiceEvent.eventsWaiting(client: id)
        let channel = ServiceHost<LocationMessages>.channel(id)
        let sent = switch notice {
        case .fixes: host.post(waiting, on: channel, whileSuspended: .drop)
        case .held: host.post(waiting, on: channel)
        case .wake(let event): host.wake(for: event, timeLimit: Self.eventTimeLimit, sending: waiting, on: channel)
        }
        guard !sent else { return }
        let release = state.withLock { state in
            state.mailboxes[id]?.isNotified = false
            if notice == .fixes { state.mailboxes[id]?.dropFixes() }
            return state.reconsiderHold()
        }
        applyHold(release)
    }

    /// Hands client `id` everything waiting for it, oldest first; a source held while the app
    /// was behind goes on.
    func take(_ id: Int) -> LocationEventBatch {
        let (events, release) = state.withLock { state in
            (state.mailboxes[id]?.take() ?? [], state.reconsiderHold())
        }
        applyHold(release)
        return LocationEventBatch(events: events)
    }

    /// Brings the app to hear `heard`: a terminated app is launched in the background (launch
    /// reason `location`), and each client it was put for is told with a wake-up, which resumes
    /// a suspended app — without the `location` background mode.
    func bringApp(toHear heard: Heard) {
        if device.appState == .notRunning {
            device.console.log("Launching \(device.infoPlist.bundleName) in the background (location): \(heard.words)")
            device.launch(reason: .location)
        }
        for id in heard.clients { tell(id, .wake(heard.words)) }
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
    /// Puts `event` in client `id`'s mailbox; returns the notice to send, if one must be sent.
    mutating func put(_ event: LocationEvent, for id: Int, _ notice: Mailbox.Notice) -> Mailbox.Notice? {
        mailboxes[id]?.append(event)
        return mailboxes[id]?.notify(notice)
    }

    /// Puts `fix` in client `id`'s mailbox; returns the notice to send, if one must be sent.
    mutating func put(fix: Location, for id: Int) -> Mailbox.Notice? {
        mailboxes[id]?.append(fix: fix, limit: LocationService.undeliveredLimit)
        return mailboxes[id]?.notify(.fixes)
    }

    /// The managers, in order, that `selected` lets through.
    func managers(where selected: (LocationService.Client) -> Bool) -> [Int] {
        clients.keys.sorted().filter { id in clients[id].map(selected) ?? false }
    }
}
