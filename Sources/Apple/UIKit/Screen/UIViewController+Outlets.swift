extension UIViewController {
    /// The controller's view outlets that hold a value, found as UIKit's outlets are declared:
    /// stored properties (`@IBOutlet weak var statusLabel: UILabel!`, `let progressView =
    /// UIProgressView()`, an optional, a made `lazy var`, an array of views), read with `Mirror`,
    /// a superclass's first. A property that holds no view now (nil, weak and gone, or a lazy one
    /// not made yet) is left out.
    var outletSnapshots: [UIKitViewSnapshot] {
        var mirrors: [Mirror] = []
        var next: Mirror? = Mirror(reflecting: self)
        // UIKit's own controllers keep no outlets.
        let uikit: Set<ObjectIdentifier> = [
            ObjectIdentifier(UIViewController.self), ObjectIdentifier(UITabBarController.self), ObjectIdentifier(UIAlertController.self),
        ]
        while let mirror = next, !uikit.contains(ObjectIdentifier(mirror.subjectType)) {
            mirrors.append(mirror)
            next = mirror.superclassMirror
        }
        return mirrors.reversed().flatMap { mirror in
            mirror.children.flatMap { child -> [UIKitViewSnapshot] in
                guard let label = child.label else { return [] }
                let name = label.hasPrefix(Self.lazyStorage) ? String(label.dropFirst(Self.lazyStorage.count)) : label
                if let view = child.value as? UIView {
                    return UIKitViewValue(view).map { [UIKitViewSnapshot(name: name, value: $0)] } ?? []
                }
                guard let views = child.value as? [UIView] else { return [] }
                return views.enumerated().compactMap { index, view in
                    UIKitViewValue(view).map { UIKitViewSnapshot(name: "\(name)[\(index)]", value: $0) }
                }
            }
        }
    }

    /// What the compiler prefixes a `lazy var`'s storage with.
    private static let lazyStorage = "$__lazy_storage_$_"
}
