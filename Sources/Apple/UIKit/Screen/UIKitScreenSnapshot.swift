import BackgroundRuntime

/// What a UIKit-spelled app shows on screen, as `status` reports it under `screens.uikit` and
/// the web UI's phone draws it: the visible view controller — the key window's root, through a
/// tab bar's selected tab and what is presented over it — with its title, the values of its
/// view outlets, the tab bar it is in and the alert presented over it.
///
/// The system publishes it for the app, once per turn of the app's main loop in which a view's
/// value, a presentation, a tab or the key window changed, as UIKit draws a changed screen
/// once per turn of the run loop; an app publishes nothing itself.
public struct UIKitScreenSnapshot: ScreenSnapshot, Codable, Equatable {
    /// The visible controller's class (`DownloadViewController`).
    public var controller: String
    /// The controller's title; null for none.
    @ExplicitNull public var title: String?
    /// The controller's stored properties that are labels, progress views, image views or
    /// buttons, by property name, in the order they are declared (a superclass's first).
    public var views: [UIKitViewSnapshot]
    /// The tab bar the controller is a tab of; null outside one.
    @ExplicitNull public var tabBar: UIKitTabBarSnapshot?
    /// The alert or action sheet presented over the controller; null for none.
    @ExplicitNull public var alert: UIKitAlertSnapshot?

    public init(
        controller: String, title: String?, views: [UIKitViewSnapshot], tabBar: UIKitTabBarSnapshot? = nil,
        alert: UIKitAlertSnapshot? = nil
    ) {
        self.controller = controller
        self.title = title
        self.views = views
        self.tabBar = tabBar
        self.alert = alert
    }

    /// The view outlet named `name`, if the controller has one that holds a value.
    public func view(_ name: String) -> UIKitViewValue? {
        views.first { $0.name == name }?.value
    }
}

extension ScreenKey where Snapshot == UIKitScreenSnapshot {
    /// A UIKit-spelled app's visible screen: `screens.uikit` in `status`, apart from the keys of
    /// TheBackgrounder's tabs.
    public static let uikit = ScreenKey("uikit")
}
