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
                #"400 HTTP/2 {"reason":"DeviceTokenNotForTopic"}"#,
                #"413 HTTP/2 {"reason":"PayloadTooLarge"}"#,
                #"400 HTTP/2 {"reason":"BadPriority"}"#,
                #"400 HTTP/2 {"reason":"BadPayload"}"#,
                #"400 HTTP/2 {"reason":"BadMessageId"}"#,
                "200 HTTP/2 -",
            ])
            #expect(await rig.device.runUntil { rig.device.push.status.incomingCall?.caller == "Ray" })
        }
    }

    @Test func aTokenTheAppNoLongerHasIsUnregisteredAndOverTheLimitIsTooManyRequests() async throws {
        try await GatewayRig.with(requestsPerSecond: 2) { rig in
            let old = rig.tokens.device.hex
            let alert = #"{"aps":{"alert":"Hi"}}"#
            let answers = try await rig.httpx(Array(repeating: ["token": old, "body": alert], count: 3))
            #expect(answers.prefix(2) == ["200 HTTP/2 -", "200 HTTP/2 -"])
            #expect(answers.last == #"429 HTTP/2 {"reason":"TooManyRequests"}"#)
            rig.device.push.renewTokens()
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

    /// Apple, “Handling notification responses from APNs”: `apns-id` is “the same value found in
    /// the apns-id key of the request's header”, or a new UUID when it sent none; `apns-unique-id`
    /// comes from the development environment; errors are `{"reason": …}`.
    @Test func answersEchoTheRequestsApnsIdExactlyAndCarryAUniqueIdInDevelopment() async throws {
        try await GatewayRig.with(idleTimeout: .seconds(3)) { rig in
            let alert = #"{"aps":{"alert":"Hi"}}"#
            let upper = "5E1C0A4E-0B7D-4C1E-9D7A-3F4E2B1A0C9D"
            let lower = upper.lowercased()
            let device = rig.tokens.device
            let (answers, end) = try await rig.h2([
                (rig.headers(to: device, [("apns-id", upper)]), alert),
                (rig.headers(to: device, [("apns-id", lower)]), alert),
                (rig.headers(to: device), alert),
                (rig.headers(to: device, [("apns-id", upper), ("apns-priority", "7")]), alert),
                (rig.headers(to: device, [("apns-id", "not-a-uuid")]), alert),
            ])
            try #require(answers.count == 5, "\(answers)")
            #expect(answers[0]["apns-id"] as? String == upper)
            #expect(answers[1]["apns-id"] as? String == lower)
            let made = try #require(answers[2]["apns-id"] as? String)
            #expect(UUID(uuidString: made) != nil && made == made.lowercased(), "\(made)")
            for answer in answers.prefix(3) {
                #expect(answer["status"] as? Int == 200)
                #expect(answer["body"] is NSNull, "a 200 has no body: \(answer)")
                let unique = try #require(answer["apns-unique-id"] as? String, "\(answer)")
                #expect(UUID(uuidString: unique) != nil && unique != answer["apns-id"] as? String)
            }
            #expect(answers[3]["apns-id"] as? String == upper, "a refusal echoes it too")
            #expect(answers[3]["body"] as? String == #"{"reason":"BadPriority"}"#)
            #expect(answers[3]["content-type"] as? String == "application/json")
            #expect(answers[3]["apns-unique-id"] is NSNull)
            #expect(answers[4]["body"] as? String == #"{"reason":"BadMessageId"}"#)
            // Silent past the idle timeout, the connection ends as APNs ends one: GOAWAY with the
            // reason as JSON, naming the last stream it took.
            #expect(end["goaway"] as? String == #"{"reason":"IdleTimeout"}"#, "\(end)")
            #expect(end["error"] as? Int == 0)
            #expect(end["lastStreamID"] as? Int == 9)
        }
    }

    /// The forms of `:authority` clients send: none (aioapns sends `host`), the sandbox's and the
    /// development server's names, 127.0.0.1 with its port, localhost; the production server's
    /// name is refused as APNs refuses a development token there.
    @Test func theAuthorityFormsClientsSendAndTheProductionHost() async throws {
        try await GatewayRig.with(idleTimeout: .seconds(3)) { rig in
            let alert = #"{"aps":{"alert":"Hi"}}"#
            let device = rig.tokens.device
            let accepted: [[(String, String)]] = [
                rig.headers(to: device, authority: nil, [("host", "api.development.push.apple.com")]),
                rig.headers(to: device, authority: "api.sandbox.push.apple.com"),
                rig.headers(to: device, authority: "api.sandbox.push.apple.com:443"),
                rig.headers(to: device, authority: "127.0.0.1:\(rig.gateway.port)"),
                rig.headers(to: device, authority: "localhost"),
                rig.headers(to: device, authority: nil),
            ]
            let refused: [[(String, String)]] = [
                rig.headers(to: device, authority: "api.push.apple.com"),
                rig.headers(to: device, authority: nil, [("host", "api.push.apple.com:2197")]),
                rig.headers(to: device, [("apns-topic", "com.raywenderlich.TheBackgrounder"), ("apns-topic", "com.raywenderlich.TheBackgrounder")]),
            ]
            let (answers, _) = try await rig.h2((accepted + refused).map { ($0, alert) })
            #expect(answers.map { $0["status"] as? Int } == Array(repeating: 200, count: 6) + [400, 400, 400], "\(answers)")
            #expect(answers.suffix(3).map { $0["body"] as? String } == [
                #"{"reason":"BadDeviceToken"}"#, #"{"reason":"BadDeviceToken"}"#, #"{"reason":"DuplicateHeaders"}"#,
            ])
            #expect(rig.device.console.recentMessages.contains { $0.contains("is a development token and the request is for production") })
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
