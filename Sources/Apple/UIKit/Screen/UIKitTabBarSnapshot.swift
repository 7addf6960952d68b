/// The tab bar the visible controller is a tab of, as `status` shows it.
public struct UIKitTabBarSnapshot: Codable, Sendable, Equatable {
    /// Each tab's title: its controller's title, else its class.
    public var tabs: [String]
    /// The selected tab's index.
    public var selectedIndex: Int

    public init(tabs: [String], selectedIndex: Int) {
        self.tabs = tabs
        self.selectedIndex = selectedIndex
    }

    @MainActor
    init(_ controller: UITabBarController) {
        self.init(
            tabs: (controller.viewControllers ?? []).map { $0.title ?? "\(type(of: $0))" }, selectedIndex: controller.selectedIndex)
    }
}
