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
            let interval: BackgroundFetchInterval = try arguments.value(0)
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
