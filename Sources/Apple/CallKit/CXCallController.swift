import BackgroundRuntime
import Foundation

/// The app's requests on its calls (`CXCallController`): a transaction of actions, checked and
/// handed to the app's provider, whose delegate performs them, as CallKit does — for instance
/// ending a call from the app's own button:
///
/// ```swift
/// let end = CXEndCallAction(call: uuid)
/// callController.request(CXTransaction(action: end)) { error in … }
/// ```
///
/// `completion` runs on the controller's queue (the app's main executor for the main queue) once
/// the transaction is accepted, before the delegate performs it. It fails with
/// ``CXErrorCodeRequestTransactionError`` when the launch has no provider
/// (`unknownCallProvider`), the transaction is empty (`emptyTransaction`) or an action names a
/// call the provider has not reported or has heard end (`unknownCallUUID`). Backgrounder carries
/// out `CXEndCallAction` — fulfilled, the call ends — and fails any other action with
/// `invalidAction`: it has no outgoing calls, holds or mutes (Backgrounder's limit, not iOS's).
///
/// As Apple's, it is not isolated to an actor; its requests are carried out on the app's main
/// executor, at once from the app's main thread.
public final class CXCallController: MainExecutorBound {
    package let application: Application
    private let queue: DispatchQueue

    /// A controller of the launch whose code runs now, whose completions run on `queue`.
    public init(queue: DispatchQueue = .main) {
        application = Application.current(for: "CXCallController()")
        self.queue = queue
    }

    /// Requests `transaction`; `completion` gets nil once it is accepted, or the reason it is not.
    public func request(_ transaction: CXTransaction, completion: @escaping ((any Error)?) -> Void) {
        let actions = transaction.actions
        // Unchecked: CallKit calls the completion on the controller's queue, as here.
        nonisolated(unsafe) let completion = completion
        onMain { controller in
            switch controller.accept(actions) {
            case .failure(let error):
                controller.complete(with: error) { completion($0) }
            case .success(let (provider, ends)):
                controller.complete(with: nil) { completion($0) }
                for end in ends { provider.performRequested(end) }
            }
        }
    }

    /// Requests a transaction of `actions` (iOS 11).
    public func requestTransaction(with actions: [CXAction], completion: @escaping ((any Error)?) -> Void) {
        request(CXTransaction(actions: actions), completion: completion)
    }

    /// Requests a transaction of `action` (iOS 11).
    public func requestTransaction(with action: CXAction, completion: @escaping ((any Error)?) -> Void) {
        request(CXTransaction(action: action), completion: completion)
    }

    /// Requests `transaction`, throwing the reason it is not accepted.
    public func request(_ transaction: CXTransaction) async throws {
        let error: (any Error)? = await withCheckedContinuation { continuation in
            request(transaction) { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    /// The launch's provider and the ends to perform, or why the transaction is refused.
    @AppMain private func accept(_ actions: [CXAction]) -> Result<(CXProvider, [CXEndCallAction]), CXErrorCodeRequestTransactionError> {
        guard let provider = (application.callReceiver as? CallRelay)?.provider else { return .failure(.init(.unknownCallProvider)) }
        guard !actions.isEmpty else { return .failure(.init(.emptyTransaction)) }
        var ends: [CXEndCallAction] = []
        for action in actions {
            guard let end = action as? CXEndCallAction else { return .failure(.init(.invalidAction)) }
            guard provider.hasCall(end.callUUID) else { return .failure(.init(.unknownCallUUID)) }
            ends.append(end)
        }
        return .success((provider, ends))
    }

    /// Calls `completion` with `error` on the controller's queue.
    @AppMain private func complete(with error: (any Error)?, _ completion: @escaping @Sendable ((any Error)?) -> Void) {
        guard !DispatchQueue.meansAppMain(queue) else { return completion(error) }
        queue.async { completion(error) }
    }
}
