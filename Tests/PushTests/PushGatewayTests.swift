import BackgroundRuntime
import Crypto
import Foundation
import Push
import TestSupport
import Testing

@Suite("The push gateway speaks APNs's provider API over HTTP/2 to real clients", .temporaryDirectory)
struct PushGatewayTests {
    @Test func curlWakesTheSuspendedAppIntoItsHandler() async throws {
        try await GatewayRig.with { rig in
            rig.device.pressHome()
            #expect(rig.device.appState == .suspended)
            let answer = try await rig.curl(
                #"{"aps":{"content-available":1}}"#, to: rig.tokens.device,
                headers: ["apns-push-type: background", "apns-priority: 5"])
            #expect(answer.hasSuffix(" 200 2"), "\(answer)")
            let lines = { rig.device.console.recentMessages }
            #expect(await rig.device.runUntil { lines().contains(#"App is backgrounded. Remote notification: {"content-available":1}"#) })
            #expect(lines().contains("Woken in the background: a remote notification"))
            #expect(await rig.device.runUntil { rig.device.appState == .suspended })
        }
    }

    @Test func backgroundPushesAtPriority10AreRefused() async throws {
        try await GatewayRig.with { rig in
            let answer = try await rig.curl(
                #"{"aps":{"content-available":1}}"#, to: rig.tokens.device,
                headers: ["apns-push-type: background", "apns-priority: 10"])
            #expect(answer == #"{"reason":"BadPriority"} 400 2"#)
            #expect(rig.device.console.recentMessages.contains { $0.contains("400 BadPriority: a background push must be sent with apns-priority 5") })
        }
    }

    @Test func aPythonHTTP2ClientGetsAPNsAnswers() async throws {
        try await GatewayRig.with { rig in
            let device = rig.tokens.device.hex
            let voip = rig.tokens.voip.hex
            let alert = #"{"aps":{"alert":"Hello"}}"#
            let answers = try await rig.httpx([
                ["token": device, "headers": ["apns-push-type": "alert", "apns-topic": "com.raywenderlich.TheBackgrounder"], "body": alert],
                ["token": String(repeating: "ab", count: 32), "body": alert],
                ["token": "not-a-token", "body": alert],
                ["token": voip, "headers": ["apns-push-type": "alert"], "body": alert],
                ["token": device, "headers": ["apns-push-type": "party"], "body": alert],
                ["token": device, "headers": ["apns-topic": "com.example.Other"], "body": alert],
                ["token": device, "body": #"{"aps":{"alert":""# + String(repeating: "x", count: 4100) + #""}}"#],
                ["token": device, "headers": ["apns-priority": "7"], "body": alert],
                ["token": device, "body": "{not json"],
                ["token": device, "headers": ["apns-id": "not-a-uuid"], "body": alert],
                ["token": voip, "headers": ["apns-push-type": "voip", "apns-topic": "com.raywenderlich.TheBackgrounder.voip"], "body": #"{"caller":"Ray"}"#],
            ])
            #expect(answers == [
                "200 HTTP/2 -",
                #"400 HTTP/2 {"reason":"BadDeviceToken"}"#,
                #"400 HTTP/2 {"reason":"BadDeviceToken"}"#,
                #"400 HTTP/2 {"reason":"DeviceTokenNotForTopic"}"#,
                #"400 HTTP/2 {"reason":"InvalidPushType"}"#,
                #"400 HTTP/2 {"reason":"TopicDisallowed"}"#,
                #"413 HTTP/2 {"reason":"PayloadTooLarge"}"#,
                #"400 HTTP/2 {"reason":"BadPriority"}"#,
                #"400 HTTP/2 {"reason":"BadPayload"}"#,
                #"400 HTTP/2 {"reason":"BadMessageId"}"#,
                "200 HTTP/2 -",
            ])
            #expect(await rig.device.runUntil { rig.device.pushStatus.incomingCall?.caller == "Ray" })
        }
    }

    @Test func aTokenTheAppNoLongerHasIsUnregisteredAndOverTheLimitIsTooManyRequests() async throws {
        try await GatewayRig.with(requestsPerSecond: 2) { rig in
            let old = rig.tokens.device.hex
            let alert = #"{"aps":{"alert":"Hi"}}"#
            let answers = try await rig.httpx(Array(repeating: ["token": old, "body": alert], count: 3))
            #expect(answers.prefix(2) == ["200 HTTP/2 -", "200 HTTP/2 -"])
            #expect(answers.last == #"429 HTTP/2 {"reason":"TooManyRequests"}"#)
            rig.device.renewPushTokens()
            let gone = try await rig.httpx([["token": rig.tokens.device.hex, "body": alert]])
            #expect(gone.first?.hasPrefix(#"410 HTTP/2 {"reason":"Unregistered","timestamp":"#) == true)
            #expect(try await rig.httpx([["token": old, "body": alert]]) == [#"400 HTTP/2 {"reason":"BadDeviceToken"}"#])
        }
    }

    @Test func withAProviderKeyOnlySignedFreshTokensGetThrough() async throws {
        let key = P256.Signing.PrivateKey()
        try await GatewayRig.with(providerKey: try ProviderKey(pem: key.pemRepresentation)) { rig in
            let topic = "apns-topic: com.raywenderlich.TheBackgrounder"
            let alert = #"{"aps":{"alert":"Hi"}}"#
            let now = Date().timeIntervalSince1970
            let fresh = try Self.providerToken(key: key, issuedAt: now)
            #expect(try await rig.curl(alert, to: rig.tokens.device, headers: [topic, "authorization: bearer \(fresh)"]) == " 200 2")
            #expect(try await rig.curl(alert, to: rig.tokens.device, headers: [topic]) == #"{"reason":"MissingProviderToken"} 403 2"#)
            let stale = try Self.providerToken(key: key, issuedAt: now - 3700)
            #expect(try await rig.curl(alert, to: rig.tokens.device, headers: [topic, "authorization: bearer \(stale)"]) == #"{"reason":"ExpiredProviderToken"} 403 2"#)
            let forged = try Self.providerToken(key: P256.Signing.PrivateKey(), issuedAt: now)
            #expect(try await rig.curl(alert, to: rig.tokens.device, headers: [topic, "authorization: bearer \(forged)"]) == #"{"reason":"InvalidProviderToken"} 403 2"#)
            #expect(try await rig.curl(alert, to: rig.tokens.device, headers: ["authorization: bearer \(fresh)"]) == #"{"reason":"MissingTopic"} 400 2"#)
        }
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() async throws {
        try await GatewayRig.with(idleTimeout: .milliseconds(300)) { rig in
            // nc connects, says nothing, and exits when the gateway closes the connection.
            let started = ContinuousClock.now
            let run = try await InteractiveProcess.run("/usr/bin/nc", ["127.0.0.1", String(rig.gateway.port)], timeout: .seconds(20))
            #expect(run.status == 0)
            #expect(ContinuousClock.now - started < .seconds(15))
        }
    }

    @Test func aKeyThatIsNotAP256PEMIsAClearError() {
        #expect(throws: ProviderKeyError.notAP256Key) { try ProviderKey(pem: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
        let missing = URL(fileURLWithPath: "/nonexistent/AuthKey.p8")
        #expect((try? ProviderKey(contentsOf: missing)) == nil)
    }

    @Test func aSecondGatewayOnTheSamePortFailsClearly() async throws {
        try await GatewayRig.with { rig in
            var configuration = PushGatewayConfiguration(
                port: rig.gateway.port, certificate: try GatewayCertificate.loadOrMake(inDataDirectory: rig.dataDirectory))
            configuration.providerKey = nil
            await #expect(throws: GatewayError.self) { try await PushGateway.start(device: rig.device, configuration: configuration) }
        }
    }

    /// An ES256 provider token as APNs wants it: `{"alg":"ES256","kid":…}.{"iss":…,"iat":…}`.
    static func providerToken(key: P256.Signing.PrivateKey, issuedAt: TimeInterval) throws -> String {
        let header = base64URL(Data(#"{"alg":"ES256","kid":"ABC123DEFG"}"#.utf8))
        let claims = base64URL(Data(#"{"iss":"DEF123GHIJ","iat":\#(Int(issuedAt))}"#.utf8))
        let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
        return "\(header).\(claims).\(base64URL(signature.rawRepresentation))"
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
