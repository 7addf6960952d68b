import Crypto
import Foundation
import TestSupport
import Testing

/// The provider libraries from PyPI (aioapns on h2, kalyke on httpx2; scripts/python-packages)
/// against the real gateway: the `backgrounder` binary, started headless with `--push-port` and
/// a token key, and quit at the end. Each library sends alert, background and VoIP pushes with
/// its own request ids and gets APNs's answers, refusals included; the app gets exactly the
/// accepted ones.
@Suite("Provider libraries from PyPI against the backgrounder binary's gateway", .temporaryDirectory)
struct ProviderLibraryBinaryTests {
    /// `backgrounder run --headless` with its gateway on a free port, provider tokens checked
    /// against `keyFile` (Key ID from its name) and the Team ID DEF123GHIJ; its tokens once the
    /// app registered them.
    private struct Gateway {
        let app: InteractiveProcess
        let port: Int
        let dataDirectory: String
        let device: String
        let voip: String
        var certificate: String { dataDirectory + "/push/gateway.pem" }
    }

    private func start(keyFile: String) async throws -> Gateway {
        let data = temporaryDataDirectory()
        let app = try InteractiveProcess(
            productsDirectory.appendingPathComponent("backgrounder").path,
            // The content server on a free port, at 1 KB/s: the Newsstand download the silent push
            // starts outlasts the test, so nothing finishes to launch the app again after the
            // reset below. (Without a content server of its own, the tab's URL names port 8081,
            // where another process on a busy machine may answer.)
            headlessRun(
                ["--push-port", "auto", "--push-key", keyFile, "--push-team-id", "DEF123GHIJ", "--content-port", "auto",
                 "--content-rate", "1KB/s"],
                dataDirectory: data))
        let port = try #require(await app.listeningPort(after: "Push gateway: https://127.0.0.1:"), "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains("provider tokens checked (kid ABC123DEFG, iss DEF123GHIJ)"), "\(app.stdout)")
        // The app registers at launch; `status` shows both tokens once it has.
        var tokens: (String, String)?
        for _ in 0..<100 where tokens == nil {
            let before = app.stdoutLines.count
            app.type("status")
            guard await app.waitFor({ $0.stdoutLines.dropFirst(before).contains { $0.hasPrefix("{") } }) else { break }
            let line = app.stdoutLines.dropFirst(before).first { $0.hasPrefix("{") } ?? "{}"
            let status = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let push = status?["push"] as? [String: Any]
            if let device = push?["deviceToken"] as? String, let voip = push?["voipToken"] as? String { tokens = (device, voip) }
        }
        let (device, voip) = try #require(tokens, "the app never registered: \(app.stdout)")
        return Gateway(app: app, port: port, dataDirectory: data, device: device, voip: voip)
    }

    /// Runs `Clients/providers.py` with `library` and `plan` against `gateway`.
    private func send(_ library: String, _ plan: [String: Any], to gateway: Gateway) async throws -> [[String: Any]] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PushTests/Clients/providers.py").path
        let run = try await InteractiveProcess.run(
            "/usr/bin/env", ["python3", script, library, String(gateway.port), gateway.certificate],
            input: String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self))
        try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
        return run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test(arguments: ["aioapns", "kalyke"])
    func aProviderLibrarySendsEachKindOfPushAndGetsAPNsRefusals(library: String) async throws {
        let directory = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let key = P256.Signing.PrivateKey()
        let keyFile = directory + "/AuthKey_ABC123DEFG.p8"
        let otherKey = directory + "/AuthKey_OTHER00000.p8"
        try Data(key.pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyFile))
        try Data(P256.Signing.PrivateKey().pemRepresentation.utf8).write(to: URL(fileURLWithPath: otherKey))
        let gateway = try await start(keyFile: keyFile)
        defer { gateway.app.stop() }
        let mark = "\(library)-\(UUID().uuidString.prefix(8))"
        let ids = (0..<8).map { _ in UUID().uuidString.lowercased() }
        let pushes: [[String: Any]] = [
            ["token": gateway.device, "kind": "alert", "payload": #"{"aps":{"alert":"Hello \#(mark)"}}"#, "id": ids[0]],
            ["token": gateway.device, "kind": "background", "payload": #"{"aps":{"content-available":1,"mark":"\#(mark)"}}"#,
             "id": ids[1].uppercased()],
            ["token": gateway.voip, "kind": "voip", "payload": #"{"caller":"Ray","mark":"\#(mark)"}"#, "id": ids[2],
             "topic": "com.raywenderlich.TheBackgrounder.voip"],
            ["token": String(repeating: "ab", count: 32), "kind": "alert", "payload": #"{"aps":{"alert":"Nobody"}}"#, "id": ids[3]],
            ["token": String(repeating: "zz", count: 32), "kind": "alert", "payload": #"{"aps":{"alert":"Bad"}}"#, "id": ids[4]],
            ["token": gateway.device, "kind": "alert", "payload": #"{"aps":{"alert":"Elsewhere"}}"#, "id": ids[5],
             "topic": "com.example.Other"],
            ["token": gateway.device, "kind": "alert", "payload": #"{"aps":{"alert":"Forged"}}"#, "id": ids[6], "key": otherKey],
            ["token": gateway.device, "kind": "alert", "payload": #"{"aps":{"alert":"\#(String(repeating: "x", count: 4100))"}}"#,
             "id": ids[7]],
        ]
        let plan: [String: Any] = [
            "key": keyFile, "keyId": "ABC123DEFG", "teamId": "DEF123GHIJ", "topic": "com.raywenderlich.TheBackgrounder", "pushes": pushes,
        ]
        let results = try await send(library, plan, to: gateway)
        let expected: [(Int, String?)] = [
            (200, nil), (200, nil), (200, nil), (400, "BadDeviceToken"), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"),
            (403, "InvalidProviderToken"), (413, "PayloadTooLarge"),
        ]
        try #require(results.count == expected.count, "\(results)")
        for (index, (result, (status, reason))) in zip(results, expected).enumerated() {
            #expect(result["reason"] as? String == reason, "push \(index): \(result)")
            // kalyke reports neither the status nor the id of a refusal, only the reason's exception.
            if library == "aioapns" || reason == nil {
                #expect(result["status"] as? Int == status, "push \(index): \(result)")
                #expect(result["id"] as? String == pushes[index]["id"] as? String, "the library's own id, as sent: \(result)")
            }
        }

        // An expired token: the library's clock set back an hour and a minute.
        var late = plan
        late["issuedSecondsAgo"] = 3660
        late["pushes"] = [["token": gateway.device, "kind": "alert", "payload": #"{"aps":{"alert":"Late"}}"#, "id": ids[0]]]
        let expired = try await send(library, late, to: gateway)
        #expect(expired.map { $0["reason"] as? String } == ["ExpiredProviderToken"], "\(expired)")

        let app = gateway.app
        #expect(await app.waitFor { $0.stdout.contains(#"Remote notification: {"content-available":1,"mark":"\#(mark)"}"#) }, "\(app.stdout)")
        #expect(await app.waitFor { $0.stdout.contains("VoIP push 2 handled") }, "\(app.stdout)")
        // The alert reached the app's side: the system dropped its banner, as the user has not
        // allowed notifications.
        #expect(await app.waitFor { $0.stdout.contains("the notification \"Hello \(mark)\" was dropped") }, "\(app.stdout)")

        // Reset Location & Privacy: the device has new tokens (saved in push-tokens.json), which
        // the terminated app has not registered: Unregistered (410), with a timestamp.
        // (The silent push started the Newsstand issue's download, iOS 10 having Newsstand: at
        // 1 KB/s it is still running when the test ends.)
        let before = Int(Date().timeIntervalSince1970 * 1000) - 1000
        app.type("device reset-privacy")
        #expect(await app.waitFor { $0.stdout.contains("Terminated by the system") }, "\(app.stdout)")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: gateway.dataDirectory + "/push-tokens.json")))
        let renewed = try #require((stored as? [String: Any])?["device"] as? String)
        try #require(renewed != gateway.device)
        var gone = plan
        gone["pushes"] = [["token": renewed, "kind": "alert", "payload": #"{"aps":{"alert":"Gone"}}"#, "id": ids[1]]]
        let unregistered = try await send(library, gone, to: gateway)
        #expect(unregistered.map { $0["reason"] as? String } == ["Unregistered"], "\(unregistered)")
        #expect((unregistered.first?["timestamp"] as? Int ?? 0) >= before, "410 carries its timestamp: \(unregistered)")
        if library == "aioapns" { #expect(unregistered.first?["status"] as? Int == 410) }
        app.type("quit")
        #expect(await app.waitForExit() == 0)
        // Each refusal had its console line; none of the refused pushes reached the app.
        let refusals = app.stdoutLines.filter { $0.contains("Push gateway refused POST") }
        #expect(refusals.count == 7, "\(refusals)")
        for text in ["Nobody", "Bad\"", "Elsewhere", "Forged", "Late", "Gone"] {
            #expect(!app.stdout.contains(text), "a refused push reached the app: \(text)")
        }
        // The gateway stopped with the app: nothing listens on its port.
        #expect(throws: (any Error).self) { try Self.connect(port: gateway.port) }
    }

    /// Opens and closes a TCP connection to 127.0.0.1:`port`; throws when nothing listens.
    private static func connect(port: Int) throws {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw CocoaError(.fileReadUnknown) }
    }
}
