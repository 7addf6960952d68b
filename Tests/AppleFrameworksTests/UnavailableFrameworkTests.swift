import BackgroundRuntimeTesting
import CallKit
import Foundation
import MetricKit
import Testing
import UserNotifications

/// A framework used in an iOS that does not have it, or given what Backgrounder cannot keep, is
/// reported as `[unavailable-api]` and answers harmlessly: the app goes on.
@Suite struct UnavailableFrameworkTests {
    private func launch(iOS version: Int) -> TestDevice {
        let device = makeSpelledDevice(iOS: version) { QuietApp() }
        device.launch()
        return device
    }

    private func reported(_ text: String, on device: TestDevice) -> Bool {
        device.consoleLines(containing: "Diagnostic [unavailable-api]: \(text)").count == 1 && device.appState.isRunning
    }

    @Test func beforeIOS10TheNotificationCenterIsReported() {
        let device = launch(iOS: 9)
        let made = device.perform { _ in UNUserNotificationCenter.current() === UNUserNotificationCenter.current() }
        #expect(made == true)
        #expect(device.consoleLines(containing: "UNUserNotificationCenter.current() does not exist in iOS 9").count == 2)
        #expect(device.appState.isRunning)
    }

    @Test func beforeIOS10ACallProviderIsReported() {
        let device = launch(iOS: 9)
        device.perform { _ in _ = CXProvider(configuration: CXProviderConfiguration()) }
        #expect(reported("CXProvider(configuration:) does not exist in iOS 9", on: device))
    }

    @Test func beforeIOS13TheMetricManagerIsReportedAndHasNoPayloads() {
        let device = launch(iOS: 12)
        let payloads = device.perform { _ in MXMetricManager.shared.pastPayloads.count }
        #expect(payloads == 0)
        #expect(reported("MXMetricManager.shared does not exist in iOS 12", on: device))
    }

    @Test func aUserInfoThatIsNotJSONIsReportedAndLeftOut() {
        let device = launch(iOS: 17)
        device.perform { _ in
            let content = UNMutableNotificationContent()
            content.body = "Dinner"
            content.userInfo = ["at": Date()]
            UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "dinner", content: content, trigger: nil))
        }
        #expect(reported("UNNotificationContent.userInfo holds values other than JSON's", on: device))
    }
}

private final class QuietApp: ApplicationDelegate {}
