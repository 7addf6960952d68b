import BackgroundRuntime
import BackgrounderHost

/// `ForgetfulApp` on the host, as a user's executable runs their app: the browser and binary
/// tests run it.
@main
enum ForgetfulMain {
    static func main() async {
        await AppHost.main(infoPlist: { ForgetfulApp.infoPlist }) { ForgetfulApp(application: $0) }
    }
}
