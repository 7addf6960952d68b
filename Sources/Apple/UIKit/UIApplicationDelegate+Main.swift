import BackgroundRuntime
import BackgrounderHost

extension UIApplicationDelegate where Self: UIResponder {
    /// The entry point of an app whose delegate is marked `@main`, as UIKit's is: the app on
    /// Backgrounder's host, with its command line (`run`, `--headless`, `--ios N`…) and its web
    /// UI, each launch making its delegate with `init()`.
    ///
    /// Its Info.plist is the one in the resources of the delegate's target (`resources:
    /// [.copy("Resources")]` with `Resources/Info.plist`, or `.copy("Info.plist")` under another
    /// directory), unless `--info-plist` names another.
    ///
    /// It runs on the main actor, as `main` does, so that `AppHost.main` installs the processes'
    /// global executor (`GlobalExecutorHooks`) before any task leaves the main thread.
    @MainActor
    public static func main() async {
        await AppHost.main(infoPlist: { try InfoPlist.resource(ofModuleOf: Self.self) }, app: launchDelegate)
    }

    /// Makes this delegate, with `init()`, at each launch: what a host or a ``DeviceSetup``
    /// takes (`AppHost.main(infoPlist:app:)`), as UIKit makes the delegate from its class.
    public nonisolated static var launchDelegate: @AppMain @Sendable (Application) -> any ApplicationDelegate {
        AppDelegateAdapter.factory { Self() }
    }
}
