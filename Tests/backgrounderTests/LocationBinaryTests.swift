import Foundation
import TestSupport
import Testing

/// The Location tab through the real binary, in real time: the scenario of the tutorial.
@Suite("The backgrounder binary: Location", .temporaryDirectory)
struct LocationBinaryTests {
    private func locationScreen(in stdout: String) throws -> [String: Any] {
        let line = try #require(stdout.split(separator: "\n").last { $0.hasPrefix("{") })
        let status = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require((status["screens"] as? [String: Any])?["location"] as? [String: Any])
    }

    @Test func freewayDriveInTheBackgroundLogsItsLocationsAndItsPinsSurviveARestart() async throws {
        let data = temporaryDataDirectory()
        let run = try await runBackgrounder(
            headlessRun(dataDirectory: data),
            // Off before the status: a fix stored between it and the quit would count in the
            // second run and not the first.
            input: "location route freeway-drive\nlocation on\nhome\nwait 4.5\nopen\nlocation off\nstatus\n")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let pattern = #/^\d{4}-\d{2}-\d{2} [\d:.]+ TheBackgrounder\[\d+\] App is backgrounded\. New location is (<\+37\.\d{8},-122\.\d{8}>) \+/- 5\.00m \(speed \d+\.\d\d mps / course \d+\.\d\d\) @ .+$/#
        let coordinates = run.stdout.split(separator: "\n").compactMap { line in
            (try? pattern.wholeMatch(in: String(line))).map { String($0.output.1) }
        }
        // The drive goes on in the background: every line is a new place on the freeway (its
        // once-a-second pace is the rule the Location tests check on the manual clock).
        #expect(!coordinates.isEmpty, "no location was logged in the background")
        #expect(Set(coordinates).count == coordinates.count, "\(coordinates)")
        let screen = try locationScreen(in: run.stdout)
        let stored = try #require(screen["storedCount"] as? Int)
        #expect(stored >= coordinates.count)
        #expect(screen["pins"] as? Int == stored)
        #expect(screen["region"] is [String: Any])

        let again = try await runBackgrounder(headlessRun(dataDirectory: data), input: "status\n")
        #expect(try locationScreen(in: again.stdout)["storedCount"] as? Int == stored)
        #expect(try locationScreen(in: again.stdout)["pins"] as? Int == stored)
    }

    @Test func theAuthorizationAnswerIsChosenOnTheCommandLine() async throws {
        let run = try await runBackgrounder(
            headlessRun(["--location-authorization", "denied"]),
            input: "location route city-run\nlocation on\nstatus\n")
        #expect(run.stdout.contains("Location updates failed: the user denied the use of location (kCLErrorDenied)"))
        #expect(try locationScreen(in: run.stdout)["authorization"] as? String == "denied")

        let wrong = try await runBackgrounder(["run", "--headless", "--location-authorization", "sometimes"], input: "")
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("sometimes"))
    }

    @Test func theRouteFlagIsTheRouteFromTheLaunch() async throws {
        // No gpsd runs here: every fix comes from the route.
        let run = try await runBackgrounder(
            headlessRun(["--location-route", "city-run"]), input: "location on\nhome\nwait 2.5\nopen\nlocation off\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App is backgrounded. New location is <+37."), "\(run.stdout)")
        #expect(try locationScreen(in: run.stdout)["storedCount"] as? Int ?? 0 > 0)
    }
}
