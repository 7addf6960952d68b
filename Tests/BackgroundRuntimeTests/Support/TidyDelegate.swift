import BackgroundRuntime

/// A delegate that holds a background task for its whole life and ends it in its deinit, as
/// tidy app code does.
@AppMain
final class TidyDelegate: ApplicationDelegate {
    let application: Application
    var task = BackgroundTaskIdentifier.invalid

    init(application: Application) {
        self.application = application
    }

    func applicationDidFinishLaunching(_ application: Application) {
        task = application.beginBackgroundTask(withName: "lifelong")
    }

    isolated deinit {
        application.endBackgroundTask(task)
    }
}
