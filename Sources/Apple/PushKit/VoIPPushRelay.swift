import BackgroundRuntime

/// Hands the runtime's VoIP deliveries to its ``PKPushRegistry``, which keeps it: the launch's
/// ``BackgroundRuntime/VoIPPushReceiver``, so that the registry's public face is PushKit's alone.
@AppMain
final class VoIPPushRelay: VoIPPushReceiver {
    private weak var registry: PKPushRegistry?

    init(registry: PKPushRegistry) {
        self.registry = registry
    }

    func application(_ application: Application, didUpdateVoIPPushToken token: PushToken) {
        registry?.receive(token)
    }

    func application(
        _ application: Application, didReceiveIncomingVoIPPushWith payload: PushPayload,
        completion: @escaping @AppMain @Sendable () -> Void
    ) {
        guard let registry else { return completion() }
        registry.receive(payload, completion: completion)
    }
}
