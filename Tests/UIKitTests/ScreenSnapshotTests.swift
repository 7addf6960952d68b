import BackgroundRuntimeTesting
import Foundation
import Testing
@testable import UIKit

/// The screen a UIKit-spelled app shows reaches `status` (`screens.uikit`) without the app
/// publishing anything: the key window's visible controller's view outlets, its tab bar and the
/// alert over it, published once per turn of the app's main loop that changed them.
@Suite struct ScreenSnapshotTests {
    /// The root controller of the app delegate's window.
    @MainActor
    static func download(_ application: UIApplication) -> DownloadController {
        application.delegate?.window?.rootViewController as! DownloadController
    }

    /// How many times the app's screen has been published.
    static func publishes(_ device: TestDevice) -> Int? {
        device.performOnMain { ScreenPublisher.of($0.launch).publishes }
    }

    @Test func aControllersOutletsShowInStatusAsTheyChange() throws {
        let device = makeDevice { WindowDelegate { DownloadController() } }
        device.launch()
        let launched = try #require(device.snapshot(for: .uikit))
        #expect(launched.controller == "DownloadController")
        #expect(launched.title == "Download")
        #expect(launched.views == [
            UIKitViewSnapshot(name: "statusLabel", value: .label(text: "Waiting")),
            UIKitViewSnapshot(name: "progressView", value: .progress(0)),
            UIKitViewSnapshot(name: "detailLabel", value: .label(text: "0 of 40 MB")),
            UIKitViewSnapshot(name: "speedButtons[0]", value: .button(isSelected: false)),
            UIKitViewSnapshot(name: "speedButtons[1]", value: .button(isSelected: false)),
        ], "nil outlets, a lazy one not made yet and a property of no view are left out")
        #expect(launched.tabBar == nil && launched.alert == nil)

        device.performOnMain { application in
            let screen = Self.download(application)
            screen.statusLabel.text = "Downloading"
            screen.progressView.setProgress(0.4, animated: true)
            screen.coverView = UIImageView(image: UIImage(data: ViewValueTests.png))
            screen.playButton.isSelected = true
        }
        let changed = try #require(device.snapshot(for: .uikit))
        #expect(changed.view("statusLabel") == .label(text: "Downloading"))
        #expect(changed.view("progressView") == .progress(0.4))
        #expect(changed.view("coverView") == .image(UIKitImageSnapshot(width: 3, height: 2, format: "png")))
        #expect(changed.view("playButton") == .button(isSelected: true), "a lazy outlet once made")
        #expect(device.statusJSON().contains(#""uikit":{"alert":null,"controller":"DownloadController","tabBar":null,"title":"Download","views":[{"kind":"label","name":"statusLabel","text":"Downloading"},{"kind":"progress","name":"progressView","progress":0.4},{"image":{"format":"png","height":2,"width":3},"kind":"image","name":"coverView"},"#))

        device.performOnMain { application in
            let screen = Self.download(application)
            screen.statusLabel.text = nil
            screen.coverView?.image = nil
        }
        let cleared = try #require(device.snapshot(for: .uikit))
        #expect(cleared.view("statusLabel") == .label(text: nil))
        #expect(cleared.view("coverView") == .image(nil))
        #expect(device.statusJSON().contains(#"{"kind":"label","name":"statusLabel","text":null}"#))
    }

    @Test func aTurnsChangesArePublishedOnceAndATurnThatChangesNothingShownIsNot() throws {
        let device = makeDevice { WindowDelegate { DownloadController() } }
        device.launch()
        let launched = try #require(Self.publishes(device))
        #expect(launched == 1, "the launch's turns: one publish, after the window was made key")
        device.performOnMain { application in
            let screen = Self.download(application)
            for step in 1...100 {
                screen.progressView.progress = Float(step) / 100
                screen.statusLabel.text = "\(step)%"
                screen.speedButtons[step % 2].isSelected.toggle()
            }
            // Nothing is published while the turn runs: the status still shows the launch's.
        }
        #expect(Self.publishes(device) == launched + 1)
        #expect(device.snapshot(for: .uikit)?.view("progressView") == .progress(1))
        #expect(device.snapshot(for: .uikit)?.view("statusLabel") == .label(text: "100%"))
        device.performOnMain { application in Self.download(application).statusLabel.text = "100%" }
        #expect(Self.publishes(device) == launched + 1, "the same screen again is not published")
    }

    @Test func aPresentedAlertShowsOverTheScreenUntilAButtonIsChosen() throws {
        let device = makeDevice { WindowDelegate { DownloadController() } }
        device.launch()
        device.performOnMain { application in
            let alert = UIAlertController(title: "Download failed", message: "The server did not answer.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Retry", style: .default))
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            Self.download(application).present(alert, animated: true)
        }
        let alerted = try #require(device.snapshot(for: .uikit))
        #expect(alerted.controller == "DownloadController", "an alert leaves the screen under it in view")
        #expect(alerted.view("statusLabel") == .label(text: "Waiting"))
        #expect(alerted.alert == UIKitAlertSnapshot(
            style: "alert", title: "Download failed", message: "The server did not answer.", actions: ["Retry", "Cancel"]))
        #expect(device.statusJSON().contains(
            #""alert":{"actions":["Retry","Cancel"],"message":"The server did not answer.","style":"alert","title":"Download failed"}"#))

        device.performOnMain { application in
            (Self.download(application).presentedViewController as? UIAlertController)?.choose("Cancel")
        }
        #expect(device.snapshot(for: .uikit)?.alert == nil)

        device.performOnMain { application in
            let episodes = EpisodesViewController()
            episodes.title = "Episodes"
            Self.download(application).present(episodes, animated: true)
        }
        #expect(device.snapshot(for: .uikit)?.controller == "EpisodesViewController", "a presented controller covers the screen")
        #expect(device.snapshot(for: .uikit)?.views == [])
        device.performOnMain { application in Self.download(application).dismiss(animated: true) }
        #expect(device.snapshot(for: .uikit)?.controller == "DownloadController")
    }

    @Test func aTabBarShowsItsSelectedTab() throws {
        let device = makeDevice {
            WindowDelegate {
                let tabs = UITabBarController()
                let episodes = EpisodesViewController()
                episodes.title = "Episodes"
                tabs.viewControllers = [DownloadController(), episodes]
                return tabs
            }
        }
        device.launch()
        let first = try #require(device.snapshot(for: .uikit))
        #expect(first.controller == "DownloadController")
        #expect(first.tabBar == UIKitTabBarSnapshot(tabs: ["Download", "Episodes"], selectedIndex: 0))
        #expect(first.view("statusLabel") == .label(text: "Waiting"))

        device.performOnMain { application in
            (application.delegate?.window?.rootViewController as? UITabBarController)?.selectedIndex = 1
        }
        let second = try #require(device.snapshot(for: .uikit))
        #expect(second.controller == "EpisodesViewController")
        #expect(second.title == "Episodes")
        #expect(second.tabBar?.selectedIndex == 1)
        #expect(device.statusJSON().contains(#""tabBar":{"selectedIndex":1,"tabs":["Download","Episodes"]}"#))
    }

    @Test func aScenesWindowShowsItsScreen() throws {
        let infoPlist = InfoPlist(
            bundleName: "Scenic",
            sceneManifest: SceneManifest(configurationName: "Default Configuration", delegateClassName: "UIKitTests.DownloadSceneDelegate"))
        let device = TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist) { SilentDelegate() }
        device.launch()
        #expect(device.snapshot(for: .uikit)?.view("statusLabel") == .label(text: "Waiting"))
    }

    @Test func anAppWithoutAWindowPublishesNoScreen() {
        let device = makeDevice { SilentDelegate() }
        device.launch()
        device.performOnMain { _ in
            let label = UILabel()
            label.text = "Nowhere"
        }
        #expect(device.snapshot(for: .uikit) == nil)
        #expect(!device.statusJSON().contains(#""uikit""#))
    }

    /// The screen's publish after an expiration handler is UIKit's commit, not the app's code:
    /// it does not make the handler's leaked task "code after expiration".
    @Test func aScreenChangedInAnExpirationHandlerIsNotCodeAfterExpiration() throws {
        let device = makeDevice { ExpiringScreenDelegate() }
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(31))
        #expect(device.diagnostics.countByRule[.leakedAssertion] == 1, "\(device.diagnosticMessages)")
        #expect(device.diagnostics.countByRule[.codeAfterExpiration] == nil, "\(device.diagnosticMessages)")
    }
}
