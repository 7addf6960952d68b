import BackgroundApp
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation

/// The link of `--isolation thread`: the app's code runs in the system's process, on the
/// device's ``AppMainExecutor``, which the system freezes while the app is suspended. The
/// deliveries are posted to that executor; the app's calls are answered on it. A coding link
/// (a ``TestDevice``'s) passes every delivery, call and answer through the wire's encoding and
/// back, as between two processes.
package final class ThreadAppLink: AppLink {
    package let executor: AppMainExecutor
    /// The app's side, in this process.
    let runtime: AppRuntime
    private let system: InProcessSystemLink
    private let wire: WireRoundTrip?

    init(
        executor: AppMainExecutor, infoPlist: InfoPlist, profile: PolicyProfile, wire: WireRoundTrip? = nil,
        makeDelegate: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) {
        self.executor = executor
        self.wire = wire
        let system = InProcessSystemLink(wire: wire)
        self.system = system
        runtime = AppRuntime(system: system, infoPlist: infoPlist, profile: profile, executor: executor, makeDelegate: makeDelegate)
    }

    package func connect(to device: Device) {
        system.connect(to: device)
    }

    package func deliver(_ delivery: AppDelivery, toLaunch launch: Int) {
        let delivery = wire?.cross(delivery) ?? delivery
        executor.post { [runtime] in runtime.carryOut(delivery, launch: launch) }
    }

    package func freeze() {
        executor.freeze()
    }

    package func thaw() {
        executor.thaw()
    }

    package func endLaunch(_ launch: Int) {
        executor.discardPostedJobs()
        // The ended launch's objects are freed here, outside every lock; their isolated
        // deinits find this device's app executor.
        AppMainExecutor.$current.withValue(executor) {
            let objects = runtime.forget(launch: launch)
            withExtendedLifetime(objects) {}
        }
    }

    package func waitUntilIdle() async {
        await executor.waitUntilIdle()
    }

    package var appJobsStarted: Int { executor.jobsStarted }

    package func isolation(isRunning: Bool) -> IsolationStatus {
        IsolationStatus(mode: IsolationMode.thread.rawValue, appPid: isRunning ? getpid() : nil, freezer: nil, memoryLimit: nil)
    }

    /// None: the app's memory is the system's process's too.
    package func appFootprint() -> Int? { nil }

    package func makeUsageSource() -> any KernelUsageSource {
        AppThreadsUsageSource(executor: executor)
    }

    package func stop() {}
}
