import BackgroundRuntime
import BackgrounderHost

/// `TrackerApp` on the host, for the tests of the location service in `--isolation process`.
@main
enum TrackerMain {
    static func main() async {
        await AppHost.main(infoPlist: { TrackerApp.infoPlist }) { TrackerApp(application: $0) }
    }
}
