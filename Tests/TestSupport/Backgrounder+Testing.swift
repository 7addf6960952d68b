import BackgroundRuntime
import TheBackgrounder

extension Backgrounder {
    /// TheBackgrounder on a ``TestDevice``, not started; shut down when the test ends (see
    /// ``TestTeardown``).
    public static func onTestDevice(_ configuration: Configuration) -> Backgrounder {
        let backgrounder = Backgrounder(configuration: configuration) { TestDevice($0) }
        TestTeardown.current?.add { await backgrounder.shutDown() }
        return backgrounder
    }

    /// Stops the transfer service, the audio player and the device, as quitting the process
    /// does: the downloads stop where they are, each with a last checkpoint, and the app is not
    /// told.
    public func shutDown() async {
        await newsstand.shutdown()
        audio.shutdown()
        device.shutdown()
    }

    /// The test device it runs on.
    public var testDevice: TestDevice {
        guard let device = device as? TestDevice else { preconditionFailure("made with Backgrounder.onTestDevice") }
        return device
    }
}
