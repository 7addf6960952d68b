import BackgroundRuntime
import Foundation
import Synchronization
import Testing

/// `waitUntilIdle` with the app in its own process waits for that process to run what was sent
/// to it; a process that never does is named, and the wait ends.
@Suite("The wait for the app's own process")
struct IdleWaitBoundTests {
    @Test func anAppProcessThatNeverRunsWhatItIsSentEndsTheWaitWithAConsoleLine() async {
        let console = Mutex<[String]>([])
        var setup = DeviceSetup(
            infoPlist: InfoPlist(bundleName: "Sleeper"), consoleOutput: { line in console.withLock { $0.append(line) } }
        ) { _ in fatalError("the app's code runs in its own process") }
        // `sleep` is started as the app's process and never reads the link.
        var configuration = AppProcessConfiguration(executable: "/bin/sleep", arguments: ["600"])
        configuration.idleWaitBound = .milliseconds(300)
        setup.appProcess = configuration
        let device = Device(setup)
        defer { device.shutdown() }
        device.launch()
        await device.waitUntilIdle()
        // The line was queued before the wait ended; the console's writer hands it on.
        await device.console.flush()
        let named = console.withLock { $0.contains { $0.contains("did not run the jobs sent to it within 0.3 s; waiting for it ends") } }
        #expect(named, "\(console.withLock { $0 })")
    }
}
