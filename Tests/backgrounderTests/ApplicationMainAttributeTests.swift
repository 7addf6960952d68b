import Foundation
import TestSupport
import Testing

/// `@UIApplicationMain`, which crashes the compiler without a C module named UIKit, builds and
/// runs the app: the ApplicationMainApp binary beside the tests.
@Suite("An app delegate marked @UIApplicationMain", .temporaryDirectory)
struct ApplicationMainAttributeTests {
    @Test func itIsTheAppOnTheHostWithItsOwnInfoPlist() async throws {
        let binary = productsDirectory.appendingPathComponent("ApplicationMainApp").path
        let run = try await InteractiveProcess.run(binary, ["run", "--headless", "--data-dir", temporaryDataDirectory()], input: "home\nstatus\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Classic["), "its Info.plist's CFBundleName names it: \(run.stdout)")
        #expect(run.stdout.contains("Launched by @UIApplicationMain, in ApplicationMainApp"))
        #expect(run.stdout.contains(#""state":"suspended""#) || run.stdout.contains(#""state":"background""#))
    }
}
