import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import Foundation
import NIOCore
import VoIPWire

/// The app in its own process owns its VoIP socket, as an iOS app does: once connected, the
/// socket's descriptor goes to the app's process (``VoIPServiceEvent/socket(session:endpoint:lineLimit:)``,
/// `SCM_RIGHTS`), which reads and writes it itself; the peer's lines and the app's answers never
/// cross the link. The service keeps a descriptor of its own only to watch the socket while the
/// app is suspended (``ReadabilityWatch``) and to wake it — under the same rules as the data it
/// reads for an app in the system's process (``canWake(for:)``) — and hears from the app when the
/// connection ended (``VoIPServiceCall/ended(session:error:)``), to connect again.
extension VoIPService {
    /// Hands the channel of `attempt`, just opened, to the app's process, and closes the
    /// service's channel, which has read nothing (it never reads: `autoRead` is off).
    func handOver(_ channel: any Channel, attempt: Int) {
        let appCopy = channel.duplicateDescriptor()
        let watchCopy = appCopy.map { fcntl($0, F_DUPFD_CLOEXEC, 0) }
        // The socket lives on in its other descriptors.
        channel.close(promise: nil)
        guard let appCopy, let watchCopy, watchCopy >= 0 else {
            for copy in [appCopy, watchCopy].compactMap({ $0 }) where copy >= 0 { close(copy) }
            failAttempt(attempt) { .connectFailed($0, reason: "its socket could not be found among the system's descriptors to hand to the app's process") }
            return
        }
        // Where the app's process counts what it reads and writes, for `status`.
        let traffic = SharedCounters(count: SocketTraffic.counterCount)
        let watch = ReadabilityWatch(descriptor: watchCopy, counters: traffic) { [weak self] in
            self?.onSystemLoop { [weak self] in self?.ownedSocketReadable(attempt: attempt) }
        } closed: { [weak self] traffic in
            self?.mutate { state in traffic.add(to: &state.totals) }
        }
        guard let session = connected(attempt: attempt, by: .ownedByApp(watch)) else {
            watch.cancel()
            close(appCopy)
            return
        }
        let posts = device.appState == .suspended && !canWake(for: session)
        let send = { [self] (event: VoIPServiceEvent, descriptor: PassedDescriptor) in
            let sent = posts
                ? host.post(event, passing: descriptor)
                : host.wake(for: "the VoIP socket to \(session.endpoint)", sending: event, passing: descriptor)
            if !sent { close(descriptor.value) }
        }
        // The counters go first, by the same way as the socket, so that they are there for it.
        if let counters = traffic?.passable() { send(.trafficCounters(session: session.id), counters) }
        send(.socket(session: session.id, endpoint: session.endpoint, lineLimit: configuration.lineLimit), PassedDescriptor(appCopy))
        updateWatch()
    }

    /// Arms the watch on the socket the app owns while the app is suspended and the socket may
    /// wake it; disarms it otherwise. On the device's loop, after each change of the app's state.
    func updateWatch() {
        let watch = state.withLock { state -> (ReadabilityWatch, VoIPSession)? in
            guard case .connected(_, .ownedByApp(let watch), _) = state.phase, let session = state.session else { return nil }
            return (watch, session)
        }
        guard let (watch, session) = watch else { return }
        if device.appState == .suspended && canWake(for: session) {
            watch.arm()
        } else {
            watch.disarm()
        }
    }

    /// The app's process runs on for a moment after the system suspended the app, until the
    /// kernel has frozen it, and may read data that came meanwhile — which the watch, armed on an
    /// emptied socket, then never sees, though the app's answer may not have left before the
    /// freeze. So once the process is frozen, the app is woken, as for data the watch saw, if
    /// the socket received what the app has not read and handled (``ReadabilityWatch/hasUnhandledData()``):
    /// the thawed process finishes what it was doing before it handles the wake. (iOS wakes a
    /// suspended VoIP app for data that comes on its socket; that data read as the app was being
    /// frozen counts is Backgrounder's model of it.)
    func wakeOnceFrozenForUnhandledData() {
        guard let attempt = state.withLock({ state -> Int? in
            guard case .connected(let attempt, .ownedByApp, _) = state.phase else { return nil }
            return attempt
        }) else { return }
        Task { [weak self] in
            await self?.device.waitUntilIdle()
            self?.onSystemLoop { [weak self] in
                guard let self, watch(ofAttempt: attempt)?.hasUnhandledData() == true else { return }
                ownedSocketReadable(attempt: attempt)
            }
        }
    }

    /// The socket of `attempt`, which the app owns, became readable while the watch was armed:
    /// wakes the suspended app to read it (the console's `Woken in the background: the VoIP
    /// socket to …`), as data read for it would.
    private func ownedSocketReadable(attempt: Int) {
        let session = state.withLock { state -> VoIPSession? in
            guard case .connected(attempt, .ownedByApp, _) = state.phase else { return nil }
            return state.session
        }
        guard let session else { return }
        guard device.appState == .suspended, canWake(for: session) else { return updateWatch() }
        host.wake(for: "the VoIP socket to \(session.endpoint)", sending: .readable(session: session.id))
    }

    /// The watch on the socket of `attempt`, if the app owns the one open now.
    func watch(ofAttempt attempt: Int) -> ReadabilityWatch? {
        state.withLock { state in
            guard case .connected(attempt, .ownedByApp(let watch), _) = state.phase else { return nil }
            return watch
        }
    }

    /// The read-idle check of a socket the app reads: the kernel says how long it received
    /// nothing. Silent for `timeout`, the connection is presumed dead as one the service reads
    /// would be; the app hears it (``VoIPError/idleTimeout(_:after:)``) and closes its end.
    func checkIdle(attempt: Int, ownedByApp watch: ReadabilityWatch, timeout: Duration) {
        let silence = watch.silence() ?? .zero
        guard silence >= timeout else {
            let next = device.loop.now + timeout - silence
            return mutate { state in
                guard case .connected(attempt, let connection, _) = state.phase else { return }
                state.phase = .connected(attempt: attempt, connection: connection, idleCheck: scheduleIdleCheck(attempt: attempt, at: next))
            }
        }
        guard let (session, event) = end(attempt: attempt, ownedByApp: true, failure: { .idleTimeout($0, after: timeout) }) else { return }
        deliver([event], for: session)
    }

    /// The app read the end of its socket of session `id`: closed by the peer, or failed with
    /// `error`. Its handler has heard; the service closes its watch and tries again after its
    /// backoff.
    /// The app's process counts nothing for the socket of session `id`: the watch stops
    /// comparing the kernel's count with the app's, which would stay at zero and have every
    /// suspension wake the app.
    func appCannotCount(session id: Int) {
        let watch = state.withLock { state -> ReadabilityWatch? in
            guard state.session?.id == id, case .connected(_, .ownedByApp(let watch), _) = state.phase else { return nil }
            return watch
        }
        watch?.appCannotCount()
    }

    func appSocketEnded(session id: Int, error: VoIPError?) {
        let attempt = state.withLock { state -> Int? in
            guard state.session?.id == id, case .connected(let attempt, .ownedByApp, _) = state.phase else { return nil }
            return attempt
        }
        guard let attempt else { return }
        _ = end(attempt: attempt, ownedByApp: true, failure: error.map { error in { _ in error } })
    }
}
