import Foundation
import TestSupport
import Testing

/// The console messages of a run's standard output, without their date and process prefix.
private func consoleMessages(_ stdout: String) -> [String] {
    let pattern = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} TheBackgrounder\[\d+\] (.*)$/#
    return stdout.split(separator: "\n").compactMap { try? pattern.wholeMatch(in: $0)?.output.1 }.map(String.init)
}

/// The playback times of the tutorial's "App is backgrounded. Time is: …" lines among `messages`.
private func backgroundedTimes(in messages: some Sequence<String>) -> [Double] {
    messages.compactMap { message in
        guard message.hasPrefix("App is backgrounded. Time is: ") else { return nil }
        return Double(message.dropFirst("App is backgrounded. Time is: ".count))
    }
}

@Suite("The backgrounder binary plays audio", .temporaryDirectory)
struct AudioBinaryTests {
    @Test func theMusicKeepsPlayingAfterHomeAndEachSecondOfItIsLoggedOnce() async throws {
        let run = try await runBackgrounder(
            headlessRun(["--audio-sink", "null"]),
            input: "audio play\nwait 1.2\nhome\nwait 2.3\nstatus\naudio next\naudio next\nwait 0.3\n")
        #expect(run.status == 0)
        let messages = consoleMessages(run.stdout)
        #expect(messages.contains("Audio output: fakesink sync=true (--audio-sink null)"))
        #expect(messages.filter { $0.hasPrefix("New music name:") } == [
            "New music name: IronBacon.mp3", "New music name: FeelinGood.mp3", "New music name: WhatYouWant.mp3",
        ])
        let firstTrack = messages.prefix { $0 != "New music name: FeelinGood.mp3" }
        let times = backgroundedTimes(in: firstTrack)
        // The position moves on in the background, and each second of playback is logged once
        // (the pace itself is the audio benchmark's, the rule the Audio screen tests' on the
        // manual clock).
        #expect(!times.isEmpty, "no time was logged in the background")
        let seconds = times.map { Int($0) }
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(times)")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(run.stdout.contains(#""state":"background""#))
        #expect(run.stdout.contains(#""activities":["Playing IronBacon.mp3"]"#))
        #expect(run.stdout.contains(#""audio":{"item":"IronBacon.mp3","playing":true"#))
    }

    @Test func withoutTheAudioModeTheMusicStopsWithTheDiagnostic() async throws {
        let plist = TestTemporaryDirectory.make("no-audio").appendingPathComponent("Info.plist")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>UIBackgroundModes</key><array><string>location</string></array></dict></plist>
            """.utf8).write(to: plist)
        let run = try await runBackgrounder(
            headlessRun(["--audio-sink", "null", "--info-plist", plist.path]),
            input: "audio play\nwait 0.5\nhome\nwait 1\nstatus\n")
        #expect(run.status == 0)
        let messages = consoleMessages(run.stdout)
        #expect(messages.contains { $0.hasPrefix("Diagnostic [missing-background-mode]: Oops, why did the music stop?") })
        // The music stops with the suspension, half a second in: no later second of it is
        // logged. (A line the app's own process wrote as it left the foreground may reach the
        // console after the system's suspension line: the two processes' lines meet there in
        // the order they arrive.)
        let suspension = try #require(messages.firstIndex(of: "State: background → suspended"))
        #expect(backgroundedTimes(in: messages[suspension...]).allSatisfy { $0 < 1.5 }, "\(messages)")
        #expect(run.stdout.contains(#""state":"suspended""#))
    }

    @Test func anUnknownAudioSinkIsRefused() async throws {
        let run = try await runBackgrounder(["run", "--headless", "--audio-sink", "speakers"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--audio-sink"))
    }
}
