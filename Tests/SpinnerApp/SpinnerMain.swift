import BackgroundRuntime
import BackgrounderHost

/// `SpinnerApp` on the host, for the tests of `--isolation process`.
@main
enum SpinnerMain {
    static func main() async {
        await AppHost.main(infoPlist: { SpinnerApp.infoPlist }) { SpinnerApp(application: $0) }
    }
}
