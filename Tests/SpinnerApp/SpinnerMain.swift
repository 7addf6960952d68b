import BackgroundRuntime
import BackgrounderHost
import BackgrounderPush

/// `SpinnerApp` on the host, for the tests of `--isolation process`, with the push gateway
/// (`--push-port`) and a Notification Service Extension for the tests of a user's app pushed by
/// its own server.
@main
enum SpinnerMain {
    static func main() async {
        await AppHost.main(
            infoPlist: { SpinnerApp.infoPlist }, pushGateway: .apns, notificationServiceExtension: { SpinnerServiceExtension() }
        ) { SpinnerApp(application: $0) }
    }
}
