import BackgroundRuntime
import Crypto
import Foundation
import Push
import TestSupport
import Testing

/// APNs provider libraries nobody here wrote, from PyPI (scripts/python-packages): aioapns (on
/// h2) and kalyke (on httpx2), pointed at the gateway with a token key (`.p8`) made here. Each
/// sends alert, background and VoIP pushes and gets what APNs would answer, with its own
/// request ids; the libraries are the judges.
@Suite("Provider libraries from PyPI get APNs's answers from the gateway", .temporaryDirectory)
struct ProviderLibraryTests {
    static let libraries = ["aioapns", "kalyke"]

    /// A `.p8` key file as Apple issues it (PKCS#8 PEM of a P-256 key), in `directory`.
    static func keyFile(_ key: P256.Signing.PrivateKey, in directory: URL, name: String) throws -> String {
        let file = directory.appendingPathComponent(name)
        try Data(key.pemRepresentation.utf8).write(to: file)
        return file.path
    }

    @Test(arguments: libraries)
    func alertBackgroundAndVoIPPushesAndTheRefusalsAPNsGives(library: String) async throws {
        let key = P256.Signing.PrivateKey()
        let providerKey = try ProviderKey(pem: key.pemRepresentation, keyID: "ABC123DEFG", teamID: "DEF123GHIJ")
        try await GatewayRig.with(providerKey: providerKey) { rig in
            let keyFile = try Self.keyFile(key, in: rig.dataDirectory, name: "AuthKey_ABC123DEFG.p8")
            let otherKey = try Self.keyFile(P256.Signing.PrivateKey(), in: rig.dataDirectory, name: "AuthKey_OTHER00000.p8")
            let device = rig.tokens.device.hex
            let voip = rig.tokens.voip.hex
            let ids = (0..<9).map { _ in UUID().uuidString.lowercased() }
            let mark = "\(library)-\(UUID().uuidString.prefix(8))"
            let pushes: [ProviderPlan.Push] = [
                .init(token: device, kind: "alert", payload: #"{"aps":{"alert":"Hello from \#(mark)"}}"#, id: ids[0]),
                // An upper-case apns-id comes back upper-case: APNs echoes what was sent.
                .init(token: device, kind: "alert", payload: #"{"aps":{"alert":"Again"}}"#, id: ids[1].uppercased()),
                .init(token: device, kind: "background", payload: #"{"aps":{"content-available":1,"mark":"\#(mark)"}}"#, id: ids[2]),
                .init(
                    token: voip, kind: "voip", payload: #"{"caller":"Ray","mark":"\#(mark)"}"#, id: ids[3],
                    topic: "com.raywenderlich.TheBackgrounder.voip"),
                .init(token: String(repeating: "ab", count: 32), kind: "alert", payload: #"{"aps":{"alert":"Nobody"}}"#, id: ids[4]),
                .init(token: device, kind: "alert", payload: #"{"aps":{"alert":"Elsewhere"}}"#, id: ids[5], topic: "com.example.Other"),
                .init(token: device, kind: "alert", payload: #"{"aps":{"alert":"Forged"}}"#, id: ids[6], key: otherKey),
                .init(
                    token: device, kind: "alert", payload: #"{"aps":{"alert":"\#(String(repeating: "x", count: 4100))"}}"#, id: ids[7]),
                .init(token: voip, kind: "alert", payload: #"{"aps":{"alert":"Wrong token"}}"#, id: ids[8]),
            ]
            let results = try await rig.provider(library, ProviderPlan(key: keyFile, pushes: pushes))
            let expected: [(Int, String?)] = [
                (200, nil), (200, nil), (200, nil), (200, nil), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"),
                (403, "InvalidProviderToken"), (413, "PayloadTooLarge"), (400, "DeviceTokenNotForTopic"),
            ]
            try #require(results.count == expected.count, "\(results)")
            for (index, (result, (status, reason))) in zip(results, expected).enumerated() {
                #expect(result.reason == reason, "push \(index): \(result)")
                // kalyke reports no status for a refusal, only the reason's exception.
                if library == "aioapns" || reason == nil { #expect(result.status == status, "push \(index): \(result)") }
                // The library's own request id, as it sent it: aioapns matches answers on it.
                if library == "aioapns" || reason == nil { #expect(result.id == pushes[index].id, "push \(index): \(result)") }
            }
            let lines = { rig.device.console.recentMessages }
            #expect(await rig.device.runUntil { lines().contains { $0.contains("Remote notification: ") && $0.contains(mark) } })
            #expect(await rig.device.runUntil { rig.device.push.status.incomingCall?.caller == "Ray" })
            // Each refusal has its console line, and the refused pushes reached nobody.
            #expect(lines().filter { $0.hasPrefix("Push gateway refused POST") }.count == 5, "\(lines())")
            #expect(!lines().contains { $0.contains("Nobody") || $0.contains("Elsewhere") || $0.contains("Forged") })
        }
    }

    @Test(arguments: libraries)
    func aTokenIssuedOverAnHourAgoIsExpired(library: String) async throws {
        let key = P256.Signing.PrivateKey()
        try await GatewayRig.with(providerKey: try ProviderKey(pem: key.pemRepresentation)) { rig in
            let keyFile = try Self.keyFile(key, in: rig.dataDirectory, name: "AuthKey_ABC123DEFG.p8")
            // The library signs a fresh token; the gateway judges it an hour and a minute later.
            rig.clock.runAhead(by: 3660)
            let id = UUID().uuidString.lowercased()
            let results = try await rig.provider(library, ProviderPlan(key: keyFile, pushes: [
                .init(token: rig.tokens.device.hex, kind: "alert", payload: #"{"aps":{"alert":"Late"}}"#, id: id)
            ]))
            #expect(results.map(\.reason) == ["ExpiredProviderToken"])
            if library == "aioapns" { #expect(results.map(\.status) == [403] && results.map(\.id) == [id]) }
        }
    }

    @Test(arguments: libraries)
    func aTokenTheAppGaveUpIsUnregisteredWithATimestamp(library: String) async throws {
        let key = P256.Signing.PrivateKey()
        try await GatewayRig.with(providerKey: try ProviderKey(pem: key.pemRepresentation)) { rig in
            let keyFile = try Self.keyFile(key, in: rig.dataDirectory, name: "AuthKey_ABC123DEFG.p8")
            rig.device.push.renewTokens()
            let before = Int64(Date().timeIntervalSince1970 * 1000)
            let results = try await rig.provider(library, ProviderPlan(key: keyFile, pushes: [
                .init(token: rig.tokens.device.hex, kind: "alert", payload: #"{"aps":{"alert":"Gone"}}"#, id: nil)
            ]))
            #expect(results.map(\.reason) == ["Unregistered"])
            #expect((results.first?.timestamp ?? 0) >= before, "\(results)")
        }
    }

    /// aioapns keeps a token 30 minutes; told to make one for each request (as a misconfigured
    /// provider would), its second request on the connection is refused as APNs refuses it.
    @Test func aNewTokenOnTheSameConnectionWithinTwentyMinutesIsTooManyProviderTokenUpdates() async throws {
        let key = P256.Signing.PrivateKey()
        try await GatewayRig.with(providerKey: try ProviderKey(pem: key.pemRepresentation)) { rig in
            let keyFile = try Self.keyFile(key, in: rig.dataDirectory, name: "AuthKey_ABC123DEFG.p8")
            let alert = #"{"aps":{"alert":"Hi"}}"#
            var plan = ProviderPlan(key: keyFile, pushes: [
                .init(token: rig.tokens.device.hex, kind: "alert", payload: alert, id: nil),
                .init(token: rig.tokens.device.hex, kind: "alert", payload: alert, id: nil),
            ])
            plan.refreshTokenEachRequest = true
            let results = try await rig.provider("aioapns", plan)
            #expect(results.map(\.status) == [200, 429], "\(results)")
            #expect(results.map(\.reason) == [nil, "TooManyProviderTokenUpdates"])
            // Its usual lifetime, one token all along: every push goes through.
            plan.refreshTokenEachRequest = false
            #expect(try await rig.provider("aioapns", plan).map(\.status) == [200, 200])
        }
    }
}
