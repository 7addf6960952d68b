import BackgrounderHost
import Sync

/// Runs Sync on Backgrounder with twenty files to download: `swift run Sync` with the web UI on
/// http://127.0.0.1:8080, `swift run Sync run --headless` with commands on standard input.
@main
enum SyncMain {
    static func main() async {
        await AppHost.main(infoPlist: { SyncApp.infoPlist }) { application in
            SyncApp(application: application, downloads: (1...20).map { "file-\($0).dat" })
        }
    }
}
