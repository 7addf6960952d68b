import BackgroundRuntime
import TheBackgrounder

extension Backgrounder {
    /// TheBackgrounder on a ``TestDevice``, not started.
    public static func onTestDevice(_ configuration: Configuration) -> Backgrounder {
        Backgrounder(configuration: configuration) { TestDevice($0) }
    }

    /// The test device it runs on.
    public var testDevice: TestDevice {
        guard let device = device as? TestDevice else { preconditionFailure("made with Backgrounder.onTestDevice") }
        return device
    }
}
