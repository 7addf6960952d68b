@_exported import BackgrounderHost
import BackgroundRuntime
import Foundation
import Push

extension HostedPushGateway {
    /// The APNs-compatible gateway of the Push module (HTTP/2 over TLS on 127.0.0.1), as
    /// `backgrounder run` starts it: the certificate of `--push-certificate`, or a self-signed
    /// one made at first run in the data directory (`push/gateway.pem`, for clients' CA file);
    /// with `--push-key`, provider tokens checked. One console line says where it listens and
    /// which file to trust.
    public static let apns = HostedPushGateway { options, port, device, dataDirectory in
        let configuration = try configuration(options, port: port, dataDirectory: dataDirectory)
        let console = device.console
        let gateway: PushGateway
        do throws(GatewayError) {
            gateway = try await PushGateway.start(device: device, configuration: configuration)
        } catch {
            // An optional listener never stops the start: one line names the flag that moves it.
            guard case .listen(let port, let reason) = error else { throw error }
            let why = reason.contains("Address already in use") ? "it is taken" : reason
            console.log(
                "Push gateway: not started, cannot listen on 127.0.0.1:\(port) (\(why)); --push-port N moves it "
                    + "(auto picks a free port, 0 starts none)")
            return nil
        }
        let key = configuration.providerKey.map { key in
            "; provider tokens checked (kid \(key.keyID ?? "any"), iss \(key.teamID ?? "any"))"
        }
        console.log("Push gateway: \(gateway.url) (HTTP/2, APNs's provider API; trust \(configuration.certificate.certificateFile.path)\(key ?? ""))")
        return gateway.stop
    }

    /// The gateway's settings from `options`; errors name the flag.
    private static func configuration(_ options: PushOptions, port: Int, dataDirectory: URL) throws -> PushGatewayConfiguration {
        do {
            let certificate = try options.pushCertificate.map { try GatewayCertificate.read(combinedFile: URL(fileURLWithPath: $0)) }
                ?? GatewayCertificate.loadOrMake(inDataDirectory: dataDirectory)
            let key = try options.pushKey.map { path throws(ProviderKeyError) in
                try ProviderKey(contentsOf: URL(fileURLWithPath: path), keyID: options.pushKeyId, teamID: options.pushTeamId)
            }
            var configuration = PushGatewayConfiguration(port: port, certificate: certificate, providerKey: key)
            configuration.requestsPerSecondPerToken = options.pushRateLimit
            configuration.idleTimeout = .seconds(options.pushIdleTimeout)
            return configuration
        } catch let error as ProviderKeyError {
            throw PushGatewayOptionError(message: "--push-key: \(error)")
        } catch {
            throw PushGatewayOptionError(message: "\(options.pushCertificate == nil ? "push gateway" : "--push-certificate"): \(error)")
        }
    }
}
