import ArgumentParser
import Foundation

/// The push gateway's options of `run`: where it listens and what it wants of providers. The
/// gateway itself is in the Push module, which an app's executable adds with
/// ``HostedPushGateway`` (the BackgrounderPush product); these options only describe it.
public struct PushOptions: ParsableArguments, Sendable {
    /// `--push-port`.
    @Option(help: "The APNs-compatible push gateway's port on 127.0.0.1 (HTTP/2 over TLS; 2197 is APNs's alternative port; auto picks a free port, 0 starts none). backgrounder without --headless listens on 2197 unless told; a headless run, or an app of your own, only when given. A port that is taken is one console line, and the app runs without it.")
    public var pushPort: ListenerPort?

    /// `--push-certificate`.
    @Option(help: "A PEM file with the push gateway's certificate and private key (default: a self-signed certificate made at first run, push/gateway.pem in the data directory, for clients' --cacert).")
    public var pushCertificate: String?

    /// `--push-key`.
    @Option(help: "An APNs auth key (.p8, or its public key) in PEM: the push gateway then wants an ES256 provider token signed with it in each request's authorization header. A file named AuthKey_<Key ID>.p8 gives the Key ID the tokens must name.")
    public var pushKey: String?

    /// `--push-key-id`.
    @Option(help: "With --push-key: the 10-character Key ID provider tokens must name in kid (default: the one in the file's name AuthKey_<Key ID>.p8, else any).")
    public var pushKeyId: String?

    /// `--push-team-id`.
    @Option(help: "With --push-key: the 10-character Team ID provider tokens must name in iss (default: any).")
    public var pushTeamId: String?

    /// `--push-rate-limit`.
    @Option(help: "Requests a second the push gateway accepts for one device token before it answers 429 TooManyRequests (Backgrounder's model: APNs names the error, not the number).")
    public var pushRateLimit = 1000

    /// `--push-idle-timeout`.
    @Option(help: "Seconds a push gateway connection may send nothing before the gateway closes it with GOAWAY IdleTimeout (Backgrounder's model: APNs names the reason, not the time).")
    public var pushIdleTimeout = 300

    /// The defaults.
    public init() {}

    /// Refuses a port out of range, a rate or timeout under 1, and files that cannot be read.
    public func validate() throws {
        try pushPort?.validate(flag: "--push-port")
        guard pushRateLimit >= 1 else { throw ValidationError("--push-rate-limit \(pushRateLimit): must be 1 or more requests a second") }
        guard (1...86_400).contains(pushIdleTimeout) else {
            throw ValidationError("--push-idle-timeout \(pushIdleTimeout): not a number of seconds from 1 to 86400")
        }
        for (flag, path) in [("--push-certificate", pushCertificate), ("--push-key", pushKey)] {
            if let path, !FileManager.default.isReadableFile(atPath: path) {
                throw ValidationError("\(flag) \(path): no readable file there")
            }
        }
        if pushKey == nil, pushKeyId != nil || pushTeamId != nil {
            throw ValidationError("--push-key-id and --push-team-id need --push-key, the key the tokens are signed with")
        }
    }
}
