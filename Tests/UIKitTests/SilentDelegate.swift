import UIKit

/// An app delegate in UIKit's spelling that implements nothing.
final class SilentDelegate: UIResponder, UIApplicationDelegate {}
