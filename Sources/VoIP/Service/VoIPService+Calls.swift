import BackgroundRuntime
import Foundation

/// The service's answers to the app's ``VoIPSocket``, which reach it as messages
/// (``ServiceRegistry/answerCalls(toService:with:)``) from the app in the system's process or in its own.
extension VoIPService {
    /// The name the socket's calls and events go by.
    static let serviceName = "voip"

    /// Makes the service on `device` when the app first calls it, and hands it to `keep`: an
    /// app that never makes a ``VoIPSocket`` has no VoIP service (nor its `screens.voip` in
    /// `status`). For the hosts of apps that may or may not use one.
    public static func startOnFirstCall(
        on device: Device, endpointFile: URL?, keep: @escaping @Sendable (VoIPService) -> Void
    ) {
        device.services.answerCalls(toService: serviceName) { [weak device] call in
            guard let device else { return nil }
            // The new service answers the calls after this one itself.
            let service = VoIPService(device: device, endpointFile: endpointFile)
            keep(service)
            return service.answer(call)
        }
    }

    /// Carries out `json`, a ``VoIPServiceCall``; the answer's JSON, if the call has one.
    func answer(_ json: String) -> String? {
        guard let call = try? JSONDecoder().decode(VoIPServiceCall.self, from: Data(json.utf8)) else {
            device.console.log("VoIP: ignoring a call the service cannot read: \(json.prefix(200))")
            return nil
        }
        switch call {
        case .connect(let endpoint, let asVoIPService):
            return Self.json(connect(to: endpoint, asVoIPService: asVoIPService))
        case .disconnect:
            disconnect()
            return nil
        case .send(let line):
            do {
                try send(line)
                return nil
            } catch {
                return Self.json(error)
            }
        case .state:
            return Self.json(status.state)
        case .savedEndpoint:
            return savedEndpoint.map(Self.json)
        case .handled(let session, let count):
            handled(count, ofSession: session)
            return nil
        }
    }

    /// `value` as the messages carry it.
    static func json(_ value: some Encodable) -> String {
        // The service's own types always encode.
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
    }
}
