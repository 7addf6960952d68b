import Foundation
import TestSupport
import Testing

/// The service options of `run` (`ServiceOptions`) on a user's app: every app on the host has
/// the flags TheBackgrounder has for the system's services.
@Suite("A hosted app's service options", .temporaryDirectory)
struct HostedServiceOptionsTests {
    private let tracker = productsDirectory.appendingPathComponent("TrackerApp").path

    @Test func theLocationAnswerIsTheCommandLines() async throws {
        for (answer, status) in [("denied", "denied"), ("whenInUse", "authorizedWhenInUse")] {
            let app = try InteractiveProcess(
                tracker, ["run", "--headless", "--data-dir", temporaryDataDirectory(), "--location-authorization", answer])
            defer { app.stop() }
            #expect(await app.waitFor { $0.stdout.contains("Tracker: authorization \(status)") }, "\(app.stdout)\(app.stderr)")
            app.type("quit")
            #expect(await app.waitForExit() == 0)
        }
    }

    @Test func aServiceFlagThatCannotBeTakenIsRefusedByName() async throws {
        for (flags, said) in [
            (["--trust-certificate", "/nonexistent/ca.pem"], "--trust-certificate /nonexistent/ca.pem: no readable file there"),
            (["--voip-read-idle", "0.5"], "--voip-read-idle 0.5: not a number of seconds from 1 to 86400"),
            (["--audio-sink", "speakers"], "speakers"),
            (["--location-route", "/nonexistent/route.gpx"], "--location-route"),
        ] {
            let run = try await InteractiveProcess.run(tracker, ["run", "--headless", "--data-dir", temporaryDataDirectory()] + flags)
            #expect(run.status != 0, "\(flags)")
            #expect(run.stderr.contains(said), "\(run.stderr)")
        }
    }
}
