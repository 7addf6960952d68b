import BackgroundRuntime
import Foundation
import TestSupport
import TheBackgrounder

/// TheBackgrounder on a manual device, silent, launched, with a fresh data directory.
func makeBackgrounder() throws -> Backgrounder {
    let backgrounder = Backgrounder.onTestDevice(Configuration(
        infoPlist: try BundledResources.infoPlist(),
        dataDirectory: try temporaryDirectory(),
                consoleOutput: nil))
    backgrounder.start()
    return backgrounder
}

/// A new, empty directory of its own.
func temporaryDirectory() throws -> URL {
    TestTemporaryDirectory.make("backgrounder-web")
}
