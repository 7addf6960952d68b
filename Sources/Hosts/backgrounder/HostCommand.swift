import ArgumentParser
import BackgrounderHost
import BackgrounderPush
import BackgroundWire
import Foundation

/// `backgrounder host APP [COMMAND…]`: the host of an app's own binary, which runs the system's
/// side — the web UI, the headless commands, the services and the push gateway — and starts
/// APP with `app-process` for the app. An app's binary built on `AppEntry` (UIKit's `main()`)
/// hands its command line here when a person runs it.
struct HostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Run an app's own binary on Backgrounder's host: `host .build/debug/Sync run --headless`.",
        discussion: """
            APP is the executable of an app built on Backgrounder's app side (UIKit's @main, \
            AppEntry), which runs in its own process, frozen while suspended. COMMAND is what the \
            app's own command line takes: `run` (the default), `rules`, `console`, `pair`, `energy`. \
            Running APP itself does the same.
            """
    )

    @Option(help: "The app's module, whose resources hold its Info.plist (default: APP's file name).")
    var module: String?

    @Argument(help: "The app's executable.")
    var app: String

    @Argument(parsing: .captureForPassthrough, help: "The app's command line.")
    var command: [String] = []

    func run() async throws {
        let executable = URL(fileURLWithPath: app).standardizedFileURL.resolvingSymlinksInPath()
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ValidationError("\(app) is not an executable file: name an app's binary, such as .build/debug/Sync")
        }
        // An app's binary that started this host says which wire it speaks.
        if let appWire = ProcessInfo.processInfo.environment[WireVersion.appEnvironmentKey], Int(appWire) != WireVersion.current {
            let host = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            throw RuntimeFailure(
                "\(app) speaks Backgrounder's wire version \(appWire), this host (\(host)) version \(WireVersion.current)",
                hint: "build the host from the Backgrounder the app builds on (`swift build --product backgrounder` in its checkout), "
                    + "or name one built from it in BACKGROUNDER_HOST")
        }
        let module = module ?? executable.lastPathComponent
        await AppHost.main(arguments: command, appExecutable: executable, pushGateway: .apns) {
            try InfoPlist.resource(ofModule: module, besideExecutable: executable)
        }
    }
}
