import BackgroundRuntime

/// Hands the user's answers to its ``CXProvider``, which keeps it: the launch's
/// ``BackgroundRuntime/CallReceiver``, so that the provider's public face is CallKit's alone.
@AppMain
final class CallRelay: CallReceiver {
    private(set) weak var provider: CXProvider?

    init(provider: CXProvider) {
        self.provider = provider
    }

    func application(_ application: Application, didAnswer call: IncomingCall, accepted: Bool) {
        provider?.receiveAnswer(to: call, accepted: accepted)
    }
}
