import BackgroundSystem
import BackgroundWire
import Foundation
import VoIPWire

/// The service's answers to the app's ``VoIPSocket`` (``VoIPMessages``), from the app in the
/// system's process or in its own.
extension VoIPService {
    /// Makes the service on `device` when the app first calls it, and hands it to `keep`: an
    /// app that never makes a ``VoIPSocket`` has no VoIP service (nor its `screens.voip` in
    /// `status`). For the hosts of apps that may or may not use one.
    public static func startOnFirstCall(
        on device: Device, configuration: VoIPConfiguration = VoIPConfiguration(), endpointFile: URL?,
        keep: @escaping @Sendable (VoIPService) -> Void
    ) {
        ServiceHost<VoIPMessages>(device: device).answerCalls { [weak device] call in
            guard let device else { return nil }
            // The new service answers the calls after this one itself.
            let service = VoIPService(device: device, configuration: configuration, endpointFile: endpointFile)
            keep(service)
            return service.answer(call)
        }
    }

    /// Carries out `call`; its answer, if it has one.
    func answer(_ call: VoIPServiceCall) -> (any Codable & Sendable)? {
        switch call {
        case .connect(let endpoint, let asVoIPService):
            return connect(to: endpoint, asVoIPService: asVoIPService)
        case .disconnect:
            disconnect()
            return nil
        case .send(let line):
            try? send(line)
            return nil
        case .state:
            return status.state
        case .savedEndpoint:
            return savedEndpoint
        case .handled(let session, let count):
            handled(count, ofSession: session)
            return nil
        case .ended(let session, let error):
            appSocketEnded(session: session, error: error)
            return nil
        case .streamErrors(let session, let count, let last):
            mutate { state in
                guard state.session?.id == session else { return }
                state.totals.errors += count
                state.totals.lastError = last.description
            }
            return nil
        case .uncounted(let session):
            appCannotCount(session: session)
            return nil
        }
    }

}
