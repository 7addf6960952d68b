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
    /// App → system: a call whose answer goes back on the answers' socket (the app's descriptor
    /// 3), straight to the one thread of the app's that waits there for it.
    case question(AppCall, jobsStarted: Int)
    /// System → app, on the answers' socket: the answer to the question (nil: the call has
    /// none), sent after the first `framesBefore` frames of the link's own socket, which the app
    /// reads before it returns the answer.
    case questionAnswered(AppAnswer?, framesBefore: Int)
    /// Either way, between the system and the process of the app's Notification Service
    /// Extension, which shares the app's binary and this framing but not its socket.
    case serviceExtension(ServiceExtensionMessage)
}
