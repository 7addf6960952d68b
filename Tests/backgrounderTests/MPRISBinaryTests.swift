import Foundation
import TestSupport
import Testing

/// The lock screen's controls on the desktop: the app's MPRIS player on a private session bus,
/// driven by `playerctl` as a desktop's media keys are.
@Suite("The backgrounder binary's media controls over MPRIS, with playerctl", .serialized, .temporaryDirectory)
struct MPRISBinaryTests {
    /// The app on `bus`, playing in the background.
    private func playInTheBackground(on bus: PrivateSessionBus) async throws -> InteractiveProcess {
        let app = try InteractiveProcess(backgrounderPath, headlessRun(["--audio-sink", "null"]), environment: bus.environment)
        #expect(await app.waitFor { messages($0.stdoutLines).contains("State: inactive → active") })
        app.type("audio play")
        #expect(await app.waitFor { messages($0.stdoutLines).contains { $0.hasPrefix("Audio output:") } })
        app.type("home")
        #expect(await app.waitFor { messages($0.stdoutLines).contains { $0.hasPrefix("App is backgrounded. Time is:") } })
        return app
    }

    /// `playerctl -p TheBackgrounder ARGUMENTS`' trimmed output, or its error.
    private func playerctl(_ bus: PrivateSessionBus, _ arguments: String...) async throws -> String {
        let run = try await bus.run("playerctl", ["-p", "TheBackgrounder"] + arguments)
        return (run.status == 0 ? run.stdout : "error: " + run.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func playerctlSeesItPlayingInTheBackgroundSkipsPausesAndPlaysAgain() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let app = try await playInTheBackground(on: bus)
        defer { app.stop() }

        #expect(try await playerctl(bus, "status") == "Playing")
        #expect(try await playerctl(bus, "metadata", "xesam:title") == "IronBacon.mp3")
        #expect(await waitUntil { (try? await playerctl(bus, "metadata", "mpris:length")).flatMap { Int($0) } ?? 0 > 20_000_000 })

        _ = try await playerctl(bus, "next")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("New music name: FeelinGood.mp3") })
        #expect(messages(app.stdoutLines).contains("Remote command nextTrack from MPRIS"))
        #expect(await waitUntil { (try? await playerctl(bus, "metadata", "xesam:title")) == "FeelinGood.mp3" })

        _ = try await playerctl(bus, "pause")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("State: background → suspended") })
        #expect(try await playerctl(bus, "status") == "Paused")

        _ = try await playerctl(bus, "play")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("Woken in the background: remote command play") })
        #expect(await waitUntil { (try? await playerctl(bus, "status")) == "Playing" })
        app.type("status")
        #expect(await app.waitFor { $0.stdoutLines.contains { $0.hasPrefix("{") && $0.contains(#""state":"background""#) } })

        app.endInput()
        #expect(await app.waitForExit() == 0)
    }

    @Test func positionsMoveTheTrackAndMalformedCallsGetClearErrors() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let app = try await playInTheBackground(on: bus)
        defer { app.stop() }
        let monitor = try InteractiveProcess(
            "dbus-monitor", ["--address", bus.address, "type='signal',interface='org.mpris.MediaPlayer2.Player',member='Seeked'"])
        defer { monitor.stop() }
        #expect(await monitor.waitFor { !$0.stdoutLines.isEmpty })

        _ = try await playerctl(bus, "position", "20")
        #expect(await app.waitFor { messages($0.stdoutLines).contains("Remote command changePlaybackPosition to 20.00 s from MPRIS") })
        #expect(await monitor.waitFor { $0.stdout.contains("member=Seeked") })
        #expect(await waitUntil { (try? await playerctl(bus, "position")).flatMap(Double.init) ?? 0 >= 20 })

        let player = ["--dest=org.mpris.MediaPlayer2.TheBackgrounder", "--print-reply", "/org/mpris/MediaPlayer2"]
        let wrongType = try await bus.run("dbus-send", player + ["org.freedesktop.DBus.Properties.Get", "int32:5"])
        #expect(wrongType.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs: Get takes (ss)"))
        let badSeek = try await bus.run("dbus-send", player + ["org.mpris.MediaPlayer2.Player.Seek", "string:soon"])
        #expect(badSeek.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs: Seek takes (x)"))
        let unknown = try await bus.run("dbus-send", player + ["org.mpris.MediaPlayer2.Player.Eject"])
        #expect(unknown.stderr.contains("org.freedesktop.DBus.Error.UnknownMethod"))
        let readOnly = try await bus.run("dbus-send", player + [
            "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:PlaybackStatus", "variant:string:Stopped",
        ])
        #expect(readOnly.stderr.contains("org.freedesktop.DBus.Error.PropertyReadOnly"))
        let introspection = try await bus.run("dbus-send", player + ["org.freedesktop.DBus.Introspectable.Introspect"])
        #expect(introspection.stdout.contains(#"<interface name="org.mpris.MediaPlayer2.Player">"#))
        // The app is still there, playing.
        #expect(try await playerctl(bus, "status") == "Playing")
        app.endInput()
        #expect(await app.waitForExit() == 0)
    }

    @Test func anAppThatHasNotPlayedGetsNoCommands() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let app = try InteractiveProcess(backgrounderPath, headlessRun(["--audio-sink", "null"]), environment: bus.environment)
        defer { app.stop() }
        #expect(await app.waitFor { messages($0.stdoutLines).contains("State: inactive → active") })
        #expect(await waitUntil { (try? await playerctl(bus, "status")) == "Stopped" })
        let next = try await bus.run("dbus-send", [
            "--dest=org.mpris.MediaPlayer2.TheBackgrounder", "--print-reply", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.Next",
        ])
        #expect(next.stderr.contains(
            "org.freedesktop.DBus.Error.Failed: TheBackgrounder is not the Now Playing app: it has not played audio"))
        #expect(!messages(app.stdoutLines).contains { $0.hasPrefix("New music name: FeelinGood") })
        app.endInput()
        #expect(await app.waitForExit() == 0)
    }
}
