import BackgroundRuntime
import BackgrounderHost

/// `PlayerApp` on the host, for the tests of the audio service with the app in its own process.
@main
enum PlayerMain {
    static func main() async {
        await AppHost.main(infoPlist: { PlayerApp.infoPlist }) { PlayerApp(application: $0) }
    }
}
