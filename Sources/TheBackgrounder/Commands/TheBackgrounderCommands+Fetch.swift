import BackgroundCommands
import BackgroundRuntime
import Fetch
import Foundation

extension TheBackgrounderCommands {
    /// The Fetch tab (background fetch itself and `BGTaskScheduler` are `CommandTable.tasks`).
    static let fetch: [Command] = [
        Command("fetch update", help: "Tap Update on the Fetch tab: fetch now and show the time.") { backgrounder, _ throws(CommandError) in
            _ = try await backgrounder.tap(FetchScreen.updateTap)
            return .done
        },
        Command(
            "fetch interval", arguments: "minimum|never|SECONDS", arity: 1...1,
            help: "Set the app's minimum background fetch interval (the app must be on screen)."
        ) { backgrounder, arguments throws(CommandError) in
            let interval: BackgroundFetchInterval = try arguments.value(0)
            let word = String(decoding: (try? JSONEncoder().encode(interval)) ?? Data(), as: UTF8.self)
            if case .failure(let refusal) = try await backgrounder.tap(FetchScreen.intervalTap, [word]) {
                throw .refused(refusal.reason)
            }
            return .done
        },
    ]
}
