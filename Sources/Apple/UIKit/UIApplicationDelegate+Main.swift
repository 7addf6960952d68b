import BackgroundRuntime

extension UIApplicationDelegate where Self: UIResponder {
    /// The entry point of an app whose delegate is marked `@main`, as UIKit's is: the app on
    /// Backgrounder's host (the `backgrounder` binary, which this binary hands its command line
    /// to), with its command line (`run`, `--headless`, `--ios N`…) and its web UI, each launch
    /// making its delegate with `init()` in the app's own process (`AppEntry`).
    ///
    /// Its Info.plist is the one in the resources of the delegate's target (`resources:
    /// [.copy("Resources")]` with `Resources/Info.plist`, or `.copy("Info.plist")` under another
    /// directory), unless `--info-plist` names another.
    @MainActor
    public static func main() async {
        let module = String(reflecting: Self.self).split(separator: ".").first.map(String.init) ?? ""
        await AppEntry.main(module: module, app: launchDelegate)
    }

    /// Makes this delegate, with `init()`, at each launch: what `AppEntry`, a host or a
    /// ``DeviceSetup`` takes, as UIKit makes the delegate from its class.
    public nonisolated static var launchDelegate: @AppMain @Sendable (Application) -> any ApplicationDelegate {
        AppDelegateAdapter.factory { Self() }
    }
}
