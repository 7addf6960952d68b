import BackgroundRuntimeTesting
import BackgroundTasks
import Testing
import UIKit

/// iOS 26's continued processing in BackgroundTasks' spelling: the request class is submitted
/// from the foreground, its task is a `BGContinuedProcessingTask`, and the progress and title it
/// reports from another thread reach the system's Live Activity.
@Suite struct ContinuedProcessingTaskTests {
    @Test func progressAndTitleFromAnotherThreadReachTheLiveActivity() async throws {
        let infoPlist = InfoPlist(bundleName: "Spelled", bundleIdentifier: "com.example.spelled", permittedTaskIdentifiers: [ExportDelegate.exports])
        let device = TestDevice(profile: PolicyProfile(iOS: 26)!, infoPlist: infoPlist) { ExportDelegate() }
        device.launch()
        let submission = device.performOnMain { application -> String in
            do {
                try (application.delegate as? ExportDelegate)?.export("album")
                return "submitted"
            } catch {
                return "\(error)"
            }
        }
        #expect(submission == "submitted")
        #expect(await device.runUntil { device.taskScheduler.continuedProcessingActivities.first?.completedUnitCount == 1 })
        let activity = try #require(device.taskScheduler.continuedProcessingActivities.first)
        #expect(activity.identifier == "com.example.spelled.export.album")
        #expect(activity.totalUnitCount == 4)
        #expect(activity.title == "Exporting" && activity.subtitle == "1 of 4 photos")
        #expect(device.diagnosticMessages.isEmpty)
    }
}

