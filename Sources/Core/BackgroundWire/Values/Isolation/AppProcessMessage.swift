/// One frame on the socket between the system and the app's process (or its extension's).
package enum AppProcessMessage: Codable, Sendable, Equatable {
    /// System → app: a delivery for launch `launch`.
    case deliver(AppDelivery, launch: Int)
    /// System → app: answer with ``AppCall/barrierReached(id:)`` once the jobs before it have run.
    case barrier(id: Int)
    /// System → app: the answer to question `id`.
    case answer(AppAnswer, id: Int)
    /// App → system: a call; `id` names a question, nil a call that waits for nothing.
    /// `jobsStarted` is how many jobs the app's main executor had started then, for the rules
    /// that ask whether code ran after a moment (code after expiration).
    case call(AppCall, id: Int?, jobsStarted: Int)
    /// Either way, between the system and the process of the app's Notification Service
    /// Extension, which shares the app's binary and this framing but not its socket.
    case serviceExtension(ServiceExtensionMessage)
}
