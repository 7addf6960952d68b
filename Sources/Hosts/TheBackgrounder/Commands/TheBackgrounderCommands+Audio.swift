import Audio
import AudioSystem
import BackgroundCommands
import BackgrounderHost
import BackgroundRuntime

extension TheBackgrounderCommands {
    /// The Audio tab's buttons, which also work in the background as Control Center's do: they
    /// act on the system's audio service, and the tab hears of it through its player's news.
    static let audio: [Command] = [
        Command(
            "audio play",
            help: "Play the Audio tab's queue (IronBacon.mp3, FeelinGood.mp3, WhatYouWant.mp3, then what audio add "
                + "queued); in the background the console logs the time once a second."
        ) { backgrounder, arguments throws(CommandError) in
            await catchUp(backgrounder)
            let audio = try backgrounder.audio
            do {
                try audio.player.play()
            } catch {
                throw arguments.failure("\(error)")
            }
            return .done
        },
        Command("audio pause", help: "Pause the music; in the background the app can then be suspended.") { backgrounder, arguments throws(CommandError) in
            try await requireRunningApp(backgrounder, for: arguments)
            try backgrounder.audio.player.pause()
            return .done
        },
        Command("audio next", help: "Skip to the next track of the queue.") { backgrounder, arguments throws(CommandError) in
            try await requireRunningApp(backgrounder, for: arguments)
            let player = try backgrounder.audio.player
            guard player.currentItem != nil else { throw arguments.failure("the queue is empty") }
            player.advanceToNextItem()
            return .done
        },
        Command(
            "device reset-media-services",
            help: "Settings ▸ Developer ▸ Reset Media Services: the media server restarts, the music stops, the queue "
                + "and the session's settings are gone, and the app is told (when it next runs) to set them up again."
        ) { backgrounder, _ throws(CommandError) in
            try backgrounder.audio.resetMediaServices()
            return .done
        },
        Command(
            "device other-audio", arguments: "play|stop", arity: 1...1,
            help: "Another app (the Music app, say) plays audio, or stops: the app sees isOtherAudioPlaying; activating "
                + "a session that does not mix interrupts it, duckOthers ducks it, mixWithOthers leaves it; deactivating "
                + "with .notifyOthersOnDeactivation lets interrupted audio resume."
        ) { backgrounder, arguments throws(CommandError) in
            let session = try backgrounder.audio.session
            switch try arguments.value(0, as: OtherAudioAction.self) {
            case .play:
                guard session.playOtherAppAudio() else { throw arguments.failure("the other app's audio plays already") }
            case .stop:
                guard session.stopOtherAppAudio() else { throw arguments.failure("the other app plays no audio") }
            }
            return .done
        },
        onOffSwitch(
            "audio mix",
            help: "Audio tab: on sets its session to mix with other apps' audio (playAndRecord with mixWithOthers): "
                + "it interrupts no one, and playing no longer makes it the Now Playing app; off (the default) does not mix."
        ),
        Command(
            "audio add", arguments: "PATH", arity: 1...64,
            help: "Queue an audio file (mp3, ogg, flac, wav) after the others; one that cannot be decoded fails alone."
        ) { backgrounder, arguments throws(CommandError) in
            try await requireRunningApp(backgrounder, for: arguments)
            let path = arguments.words.joined(separator: " ")
            let player = try backgrounder.audio.player
            do {
                try player.insert(MediaItem(fileAtPath: path))
            } catch let error as PlayerItemError {
                throw arguments.failure("\(error)")
            } catch {
                throw arguments.failure("\(path): \(error)")
            }
            return .done
        },
        Command(
            "device audio-route", arguments: "speaker|headphones|bluetooth|unplug", arity: 1...1,
            help: "Plug in headphones or connect a Bluetooth headset: the app gets a route change (newDeviceAvailable) "
                + "and the music plays on; unplug them, or take the audio back to the speaker: oldDeviceUnavailable, "
                + "and the music pauses."
        ) { backgrounder, arguments throws(CommandError) in
            let session = try backgrounder.audio.session
            let route: AudioRoute
            switch try arguments.value(0, as: AudioRouteAction.self) {
            case .unplug:
                guard session.route.isPrivate else {
                    throw arguments.failure("nothing is plugged in; the audio goes to the speaker already")
                }
                route = .speaker
            case .speaker: route = .speaker
            case .headphones: route = .headphones
            case .bluetooth: route = .bluetooth
            }
            session.changeRoute(to: route)
            return .done
        },
    ]

    /// The player belongs to the app's process: it has no queue while the app is not running.
    private static func requireRunningApp(_ backgrounder: AppHost, for arguments: CommandArguments) async throws(CommandError) {
        guard backgrounder.device.appState != .notRunning else {
            throw arguments.failure("the app is not running; open it first")
        }
        await catchUp(backgrounder)
    }

    /// Lets the app's queued jobs run first (the launch that queues the tracks, a tap), when
    /// its code can run; a suspended app is not waited for.
    private static func catchUp(_ backgrounder: AppHost) async {
        await backgrounder.device.waitUntilIdle()
    }
}
