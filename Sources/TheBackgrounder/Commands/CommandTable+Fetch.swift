import BackgroundRuntime
import Foundation

extension CommandTable {
    /// The Fetch tab, background fetch and `BGTaskScheduler`, with Xcode's debugging hooks.
    static let fetch: [Command] = [
        Command("fetch update", help: "Tap Update on the Fetch tab: fetch now and show the time.") { backgrounder, _ throws(CommandError) in
            try await backgrounder.onScreen { app in app.fetch.didTapUpdate() }
            return .done
        },
        Command(
            "fetch simulate",
            help: "Debug ▸ Simulate Background Fetch: send the app to the background (launch it if needed) and fetch it now."
        ) { backgrounder, _ in
            backgrounder.device.simulateBackgroundFetch()
            return .done
        },
        Command(
            "fetch interval", arguments: "minimum|never|SECONDS", arity: 1...1,
            help: "Set the app's minimum background fetch interval (the app must be on screen)."
        ) { backgrounder, arguments throws(CommandError) in
            let interval = try fetchInterval(arguments[0])
            try await backgrounder.onScreen { app in
                app.application.setMinimumBackgroundFetchInterval(interval)
                app.fetch.updateUI()
            }
            return .done
        },
        Command("bgtask list", help: "List the pending and running BGTaskScheduler tasks as one line of JSON.") { backgrounder, _ throws(CommandError) in
            let device = backgrounder.device
            guard device.profile.hasBackgroundTaskScheduler else {
                throw .refused(TaskSimulationError.unavailable(profile: device.profile.name).description)
            }
            return .output(taskListJSON(pending: device.pendingTaskRequests, running: device.runningTaskIdentifiers))
        },
        taskSimulation(
            "bgtask simulate-launch",
            help: "Launch the pending task ID now, as Xcode's _simulateLaunchForTaskWithIdentifier: does."
        ) { device, identifier throws(TaskSimulationError) in try device.simulateLaunchOfTask(identifier: identifier) },
        taskSimulation(
            "bgtask simulate-expiration",
            help: "Expire the running task ID now, as Xcode's _simulateExpirationForTaskWithIdentifier: does."
        ) { device, identifier throws(TaskSimulationError) in try device.simulateExpirationOfTask(identifier: identifier) },
        Command("device power", arguments: "external|battery", arity: 1...1, help: "Plug the device in, or unplug it.") { backgrounder, arguments throws(CommandError) in
            backgrounder.device.setExternalPower(try choice(arguments[0], on: "external", off: "battery", for: "device power"))
            return .done
        },
        Command("device network", arguments: "online|offline", arity: 1...1, help: "Bring the device's network up or down.") { backgrounder, arguments throws(CommandError) in
            backgrounder.device.setNetworkConnectivity(try choice(arguments[0], on: "online", off: "offline", for: "device network"))
            return .done
        },
        Command(
            "device background-refresh", arguments: "on|off", arity: 1...1,
            help: "Turn Settings ▸ Background App Refresh on or off."
        ) { backgrounder, arguments throws(CommandError) in
            backgrounder.device.setBackgroundAppRefresh(enabled: try choice(arguments[0], on: "on", off: "off", for: "device background-refresh"))
            return .done
        },
    ]

    /// A command that runs one of Xcode's task hooks on the task ID.
    private static func taskSimulation(
        _ name: String, help: String,
        _ hook: @escaping @Sendable (Device, String) throws(TaskSimulationError) -> Void
    ) -> Command {
        Command(name, arguments: "ID", arity: 1...1, help: help) { backgrounder, arguments throws(CommandError) in
            do throws(TaskSimulationError) {
                try hook(backgrounder.device, arguments[0])
            } catch {
                throw .refused(error.description)
            }
            return .done
        }
    }

    /// `minimum`, `never`, or a number of seconds.
    static func fetchInterval(_ word: String) throws(CommandError) -> BackgroundFetchInterval {
        switch word {
        case "minimum": return .minimum
        case "never": return .never
        default:
            guard let seconds = Double(word), seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
                throw .invalidArgument("fetch interval: \"\(word)\" is not minimum, never, or a number of seconds up to 31536000")
            }
            return .interval(.milliseconds(Int64((seconds * 1000).rounded())))
        }
    }

    private static func choice(_ word: String, on: String, off: String, for command: String) throws(CommandError) -> Bool {
        switch word {
        case on: return true
        case off: return false
        default: throw .invalidArgument("\(command): \"\(word)\" is not \(on) or \(off)")
        }
    }

    /// `{"pending":[…],"running":[…]}` with ISO 8601 dates.
    static func taskListJSON(pending: [ScheduledTaskRequest], running: [String]) -> String {
        struct Listing: Encodable {
            let pending: [ScheduledTaskRequest]
            let running: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(Listing(pending: pending, running: running)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
