import Crypto
import Foundation
import TestSupport
import Testing

/// A user's app on the host with the push gateway (`AppHost.main(…, pushGateway: .apns)`,
/// `run --push-port`): its own server pushes to it with a provider library from PyPI (aioapns,
/// on h2), as it pushes through APNs, and the app's own process, frozen while suspended, is
/// woken into its handler.
@Suite("A user's app takes pushes from its own server through its gateway", .serialized, .temporaryDirectory)
struct HostedAppPushGatewayTests {
    @Test func aioapnsWakesTheSuspendedSpinnerAppThroughItsGateway() async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let key = P256.Signing.PrivateKey()
        let keyFile = directory + "/AuthKey_ABC123DEFG.p8"
        try Data(key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyFile))
        let app = try InteractiveProcess(
            productsDirectory.appendingPathComponent("SpinnerApp").path,
            ["run", "--headless", "--isolation", "process", "--data-dir", directory + "/data", "--push-port", "auto",
             "--push-key", keyFile, "--push-team-id", "DEF123GHIJ"])
        defer { app.stop() }
        let port = try #require(await app.listeningPort(after: "Push gateway: https://127.0.0.1:"), "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains("provider tokens checked (kid ABC123DEFG, iss DEF123GHIJ)"), "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Push token: ") }, "\(app.stdout)")
        let token = try #require(app.stdoutLines.first { $0.contains("Push token: ") }?.components(separatedBy: "Push token: ").last)
        app.type("home")
        #expect(await app.waitFor { $0.stdout.contains("State: background → suspended") }, "\(app.stdout)")

        let plan: [String: Any] = [
            "key": keyFile, "keyId": "ABC123DEFG", "teamId": "DEF123GHIJ", "topic": "com.example.spinner",
            "pushes": [
                ["token": token, "kind": "background", "payload": #"{"aps":{"content-available":1},"from":"server"}"#,
                 "id": "5e1c0a4e-0b7d-4c1e-9d7a-3f4e2b1a0c9d"],
                ["token": token, "kind": "alert", "payload": #"{"aps":{"alert":"Sealed","mutable-content":1},"secret":"Opened"}"#,
                 "id": "9a0b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d"],
                ["token": token, "kind": "background", "payload": #"{"aps":{"content-available":1}}"#, "topic": "com.example.other"],
            ],
        ]
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PushTests/Clients/providers.py").path
        let run = try await InteractiveProcess.run(
            "/usr/bin/env", ["python3", script, "aioapns", String(port), directory + "/data/push/gateway.pem"],
            input: String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self))
        #expect(run.status == 0, "\(run.stderr)")
        let results = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(results.first?["status"] as? Int == 200, "\(run.stdout)")
        #expect(results.first?["id"] as? String == "5e1c0a4e-0b7d-4c1e-9d7a-3f4e2b1a0c9d")
        #expect(results.last?["reason"] as? String == "DeviceTokenNotForTopic", "\(run.stdout)")
        // The app's own process, woken from the freezer, handled the push and posted its notification.
        #expect(await app.waitFor { $0.stdout.contains(#"Push: {"aps":{"content-available":1},"from":"server"}"#) }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Notification: Pushed [Open]") }, "\(app.stdout)")
        // The alert with mutable-content went through the app's Notification Service Extension,
        // which showed the push's secret, while the app slept on.
        #expect(results.dropFirst().first?["status"] as? Int == 200, "\(run.stdout)")
        #expect(await app.waitFor {
            $0.stdout.contains(#"The Notification Service Extension changed push 9a0b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d's notification: "Opened""#)
        }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("Notification: Opened [") }, "\(app.stdout)")
        app.type("quit")
        #expect(await app.waitForExit() == 0)
        #expect(app.stdout.components(separatedBy: "Push: {").count == 2, "exactly the accepted push reached the app: \(app.stdout)")
    }

    @Test func anAppBuiltWithoutTheGatewaySaysSoForPushPort() async throws {
        let run = try await InteractiveProcess.run(
            productsDirectory.appendingPathComponent("ForgetfulApp").path,
            ["run", "--headless", "--data-dir", temporaryDataDirectory(), "--push-port", "2197"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("is built without the push gateway"), "\(run.stderr)")
    }
}
