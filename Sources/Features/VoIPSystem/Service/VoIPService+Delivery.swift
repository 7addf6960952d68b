import BackgroundSystem
import BackgroundWire
import NIOCore
import VoIPWire

/// Handing the socket's events to the app: at once while it runs, by waking it when its socket
/// may, or later — with the socket's reading paused — when it may not. Reading also pauses
/// while the app is behind (a peer that floods), and goes on once it has caught up.
extension VoIPService {
    /// Whether `session`'s socket wakes the suspended app: it is marked as a VoIP service, the
    /// Info.plist declares `voip`, and the era has VoIP sockets.
    func canWake(for session: VoIPSession) -> Bool {
        session.isVoIPService && device.infoPlist.declares(.voip) && device.profile.hasKeepAliveSockets
    }

    /// Hands `events`, after any held ones, to the app; on the device's loop only, so that
    /// every delivery keeps the socket's order.
    func deliver(_ events: [VoIPStreamEvent], for session: VoIPSession) {
        let appState = device.appState
        guard appState != .notRunning else { return }
        let mustHold = appState == .suspended && !canWake(for: session)
        let limit = configuration.heldEventLimit
        let plan = mutate { state -> (deliver: [VoIPStreamEvent], pause: (any Channel)?, resume: (any Channel)?) in
            guard state.session?.id == session.id else { return ([], nil, nil) }
            let channel: (any Channel)? = if case .connected(_, let connection, _) = state.phase { connection.channel } else { nil }
            if mustHold {
                let room = max(0, limit - state.held.count)
                state.held += events.prefix(room)
                if events.count > room {
                    let error = VoIPError.eventsDropped(count: events.count - room)
                    state.totals.errors += 1
                    state.totals.lastError = error.description
                }
                guard !state.isReadingPaused, let channel else { return ([], nil, nil) }
                state.isReadingPaused = true
                return ([], channel, nil)
            }
            let all = state.held + events
            state.held.removeAll()
            state.deliveriesInFlight += all.count
            if state.deliveriesInFlight > limit {
                guard !state.isReadingPaused, let channel else { return (all, nil, nil) }
                state.isReadingPaused = true
                return (all, channel, nil)
            }
            let resume = state.isReadingPaused ? channel : nil
            state.isReadingPaused = false
            return (all, nil, resume)
        }
        plan.pause?.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
        if !plan.deliver.isEmpty {
            let event = "the VoIP socket to \(session.endpoint)"
            let batch = VoIPEventBatch(session: session.id, events: plan.deliver)
            host.wake(for: event, sending: .events(batch))
        }
        plan.resume?.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
    }

    /// The app handled `count` events of session `id`: reading goes on if it had paused for them.
    func handled(_ count: Int, ofSession id: Int) {
        let shouldResume = mutate { state -> Bool in
            guard state.session?.id == id else { return false }
            state.deliveriesInFlight -= count
            return state.isReadingPaused && state.deliveriesInFlight <= configuration.heldEventLimit
        }
        if shouldResume { onSystemLoop { [weak self] in self?.deliverHeldEvents() } }
    }

    /// Delivers what waited for the app, now that it runs again.
    func deliverHeldEvents() {
        guard let session = state.withLock({ $0.session }) else { return }
        deliver([], for: session)
    }
}
