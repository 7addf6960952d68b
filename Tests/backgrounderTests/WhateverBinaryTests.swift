import Foundation
import TestSupport
import Testing

@Suite("The Whatever tab in the backgrounder binary", .temporaryDirectory)
struct WhateverBinaryTests {
    /// The issue's scenario, with shorter waits: play, go home, come back.
    @Test func playHomeOpenPrintsTheBackgroundedNumbersAndACountdownFromTheBudget() async throws {
        let run = try await runBackgrounder(
            headlessRun(),
            input: "whatever play\nwait 1\nhome\nwait 2\nopen\nstatus\nquit\n")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let consolePattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} TheBackgrounder\[\d+\] (.*)$/#
        let messages = lines.compactMap { try? consolePattern.wholeMatch(in: $0)?.output.1 }.map(String.init)

        let positions = messages.compactMap { message in
            (try? #/App is backgrounded\. Next number = Position (\d+) = \d+/#.wholeMatch(in: message)).map { Int($0.output.1)! }
        }
        #expect(!positions.isEmpty, "no number was computed in the background")
        #expect(positions == Array((positions.first ?? 0)..<(positions.first ?? 0) + positions.count))

        // The tick that races the `open` has no time line: the system has already moved the app
        // to the foreground while its timer job runs, so no clock runs.
        let timeLines = messages.filter { $0.hasPrefix("Background time remaining = ") }
        let remaining = timeLines.compactMap { message in
            (try? #/Background time remaining = (\d+\.\d) seconds/#.wholeMatch(in: message)).map { Double($0.output.1)! }
        }
        #expect(remaining.count == timeLines.count, "one decimal, never inf: \(timeLines)")
        #expect(remaining.count >= positions.count - 1)
        // A countdown within the 180 s budget (its exact values are the Whatever tests' on the
        // manual clock).
        #expect(remaining.allSatisfy { $0 > 0 && $0 <= 180 }, "counts down from the 180 s budget: \(remaining)")
        #expect(zip(remaining, remaining.dropFirst()).allSatisfy { $0 > $1 })
        #expect(!messages.contains { $0.hasPrefix("Diagnostic") })

        let status = try #require(lines.first { $0.hasPrefix("{") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        let screen = try #require((object["screens"] as? [String: Any])?["whatever"] as? [String: Any])
        #expect(object["state"] as? String == "active")
        #expect(screen["playing"] as? Bool == true)
        #expect(screen["assertion"] as? String == "held")
        #expect((screen["position"] as? Int ?? 0) >= positions.last ?? .max)
    }

    /// The whole budget on script time: `wait 200` fires the 0.5 s timer and the expiration in
    /// turn, and the console says what three and a half real minutes would.
    @Test func onTheVirtualClockTheWholeBudgetRunsOutWithEveryLineOfARealRun() async throws {
        let run = try await runBackgrounder(
            headlessRun(["--clock", "virtual"]),
            input: "whatever play\nhome\nwait 200\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        let all = messages(run.stdout.split(separator: "\n").map(String.init))
        #expect(all.contains { $0.hasPrefix("Clock: virtual — the system's timers fire when a script waits") })
        let remaining = all.compactMap { message in
            (try? #/Background time remaining = (\d+\.\d) seconds/#.wholeMatch(in: message)).map { Double($0.output.1)! }
        }
        // A number every 0.5 s from the Home button until the expiration handler, 5 s before
        // the end of the 180 s budget: 349 of them, the last with 5.5 s left.
        #expect(remaining.count == 349, "\(remaining.count)")
        #expect(remaining.first == 179.5 && remaining.last == 5.5)
        let expired = try #require(all.firstIndex(of: "Background task ended."))
        #expect(all[expired + 1] == "State: background → suspended")
        #expect(run.stdout.contains(#""state":"suspended""#))
    }

    @Test func pauseWhileInTheBackgroundIsRefusedClearly() async throws {
        let run = try await runBackgrounder(
            headlessRun(),
            input: "whatever play\nhome\nwhatever pause\n")
        #expect(run.stderr == "error: the app is not on screen (it is background); open it first\n")
    }
}
