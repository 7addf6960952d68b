import BackgroundRuntime
import Logging

/// `print` as an app on a device sees it: in the app's code, the line goes to the device's
/// console (Xcode's console, for an app on a phone); elsewhere to standard output. The
/// terminator is the console's line end there.
public func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    if let application = Application.current {
        application.logger.info("\(text)")
    } else {
        Swift.print(text, terminator: terminator)
    }
}
