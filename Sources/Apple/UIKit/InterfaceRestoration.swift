import BackgroundRuntime
import Foundation

/// UIKit's state preservation and restoration of a window's view controllers, over the runtime's
/// (rule state-restoration, which keeps the archive and hands it back only after the system,
/// not the user, ended the app).
///
/// Which controllers: the View Controller Programming Guide for iOS, “Preserving and Restoring
/// State”: “UIKit starts at the window’s root view controller and walks the view controller
/// hierarchy. If a view controller in that hierarchy does not have a restoration identifier, the
/// view controller, all of its child view controllers, and any presented view controllers are not
/// preserved.” The walk here follows a tab bar controller's selected tab, then the controller
/// presented over the last one. When: the app delegate opts in
/// (`application(_:shouldSaveSecureApplicationState:)`), and UIKit preserves as the app moves to
/// the background; it restores between `application(_:willFinishLaunchingWithOptions:)` and
/// `application(_:didFinishLaunchingWithOptions:)`, into the controllers the app made in the
/// first, if `application(_:shouldRestoreSecureApplicationState:)` agrees.
///
/// Backgrounder's model: a controller the app did not make by then ends the restored path (UIKit
/// would ask the app or the storyboard to make it, `viewController(withRestorationIdentifierPath:coder:)`,
/// which is not offered here).
@MainActor
enum InterfaceRestoration {
    /// The archive of `delegate`'s window, if the delegate opts in to preservation.
    static func preserve(_ delegate: any UIApplicationDelegate, of application: UIApplication) -> RestorationArchive? {
        let applicationCoder = NSKeyedArchiver(requiringSecureCoding: true)
        guard delegate.application(application, shouldSaveSecureApplicationState: applicationCoder)
            || delegate.application(application, shouldSaveApplicationState: applicationCoder)
        else { return nil }
        let path = preservedPath(from: delegate.window?.rootViewController)
        let controllers = path.map { controller in
            let coder = NSKeyedArchiver(requiringSecureCoding: true)
            controller.encodeRestorableState(with: coder)
            return finished(coder)
        }
        let interface = PreservedInterface(application: finished(applicationCoder), controllers: controllers)
        return RestorationArchive(restorationIdentifiers: path.compactMap(\.restorationIdentifier), userInfo: interface.json)
    }

    /// Restores `archive` into the controllers under `delegate`'s window if the delegate agrees:
    /// what was restored, outermost first; nil if the delegate declined.
    static func restore(
        _ archive: RestorationArchive, into delegate: any UIApplicationDelegate, of application: UIApplication
    ) -> [UIViewController]? {
        let interface = PreservedInterface(json: archive.userInfo)
        let applicationCoder = unarchiver(of: interface?.application)
        guard delegate.application(application, shouldRestoreSecureApplicationState: applicationCoder)
            || delegate.application(application, shouldRestoreApplicationState: applicationCoder)
        else { return nil }
        var restored: [UIViewController] = []
        var candidate = delegate.window?.rootViewController
        for (index, identifier) in archive.restorationIdentifiers.enumerated() {
            guard let controller = candidate, controller.restorationIdentifier == identifier else { break }
            let states = interface?.controllers ?? []
            controller.decodeRestorableState(with: unarchiver(of: states.indices.contains(index) ? states[index] : nil))
            restored.append(controller)
            let nextIdentifier = archive.restorationIdentifiers.dropFirst(index + 1).first
            candidate = next(after: controller, named: nextIdentifier)
        }
        for controller in restored { controller.applicationFinishedRestoringState() }
        return restored
    }

    /// The controllers UIKit preserves from `root`, outermost first.
    static func preservedPath(from root: UIViewController?) -> [UIViewController] {
        var path: [UIViewController] = []
        var next = root
        while let controller = next, controller.restorationIdentifier != nil {
            path.append(controller)
            next = (controller as? UITabBarController)?.selectedViewController ?? controller.presentedViewController
        }
        return path
    }

    /// The controller after `controller` on a restored path: the tab named `identifier` (which is
    /// selected), else the one presented over it.
    private static func next(after controller: UIViewController, named identifier: String?) -> UIViewController? {
        guard let identifier else { return nil }
        if let tabs = controller as? UITabBarController,
            let index = tabs.viewControllers?.firstIndex(where: { $0.restorationIdentifier == identifier })
        {
            tabs.selectedIndex = index
            return tabs.selectedViewController
        }
        return controller.presentedViewController
    }

    private static func finished(_ coder: NSKeyedArchiver) -> Data {
        coder.finishEncoding()
        return coder.encodedData
    }

    /// A secure unarchiver of `data`; an empty one when there is none or it is damaged, so that
    /// the app's decoding finds no values rather than failing.
    private static func unarchiver(of data: Data?) -> NSKeyedUnarchiver {
        if let data, let coder = try? NSKeyedUnarchiver(forReadingFrom: data) { return coder }
        // An archive just finished by NSKeyedArchiver always reads.
        return try! NSKeyedUnarchiver(forReadingFrom: finished(NSKeyedArchiver(requiringSecureCoding: true)))
    }
}
