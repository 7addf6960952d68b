extension UIWindow {
    /// What the window shows now; nil without a root view controller. The visible controller is
    /// the root's, then, as long as there is one, the controller presented over it (which covers
    /// the tab bar too) or a tab bar's selected tab; an alert presented on the way stays over
    /// the screen.
    var screenSnapshot: UIKitScreenSnapshot? {
        guard var controller = rootViewController else { return nil }
        var tabBar: UITabBarController?
        var alert: UIAlertController?
        var visited: Set<ObjectIdentifier> = []
        while visited.insert(ObjectIdentifier(controller)).inserted {
            if let presented = controller.presentedViewController {
                if let presentedAlert = presented as? UIAlertController {
                    alert = presentedAlert
                } else {
                    tabBar = nil
                    controller = presented
                    continue
                }
            }
            guard let tabs = controller as? UITabBarController, let selected = tabs.selectedViewController else { break }
            tabBar = tabs
            controller = selected
        }
        return UIKitScreenSnapshot(
            controller: "\(type(of: controller))", title: controller.title, views: controller.outletSnapshots,
            tabBar: tabBar.map { UIKitTabBarSnapshot($0) }, alert: alert.map { UIKitAlertSnapshot($0) })
    }
}
