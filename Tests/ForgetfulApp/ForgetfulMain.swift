import BackgroundRuntime
import BackgrounderHost

/// `ForgetfulApp` on the host, as a user's executable runs their app, with a command of its own
/// (``HostedAppParts``): the browser and binary tests run it.
@main
enum ForgetfulMain {
    static func main() async {
        var parts = HostedAppParts()
        parts.commands = CommandTable(CommandTable.common + [
            Command<AppHost>("backgroundings", help: "Print how many times the app went to the background.") { host, _ in
                .output("backgroundings: \(host.device.snapshot(for: .forgetful)?.backgroundings ?? 0)")
            },
        ])
        await AppHost.main(infoPlist: { ForgetfulApp.infoPlist }, parts: parts) { ForgetfulApp(application: $0) }
    }
}
