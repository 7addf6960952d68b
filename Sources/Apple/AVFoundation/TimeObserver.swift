import Audio
import Synchronization

/// A periodic time observer as the app holds it: the runtime's token once the main thread added
/// it, or a removal that came first.
final class TimeObserver: Sendable {
    private let state = Mutex<(token: PlayerObserverToken?, removed: Bool)>((nil, false))

    /// Notes the runtime's token; false when the app removed the observer already.
    func added(_ token: PlayerObserverToken) -> Bool {
        state.withLock { state in
            guard !state.removed else { return false }
            state.token = token
            return true
        }
    }

    /// Marks it removed; the runtime's token, if it was added.
    func remove() -> PlayerObserverToken? {
        state.withLock { state in
            state.removed = true
            defer { state.token = nil }
            return state.token
        }
    }
}
