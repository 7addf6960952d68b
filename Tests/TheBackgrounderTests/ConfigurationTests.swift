import BackgroundCommands
import BackgroundRuntime
import Foundation
import TestSupport
import Testing
import TheBackgrounder

@Suite("The embedded defaults", .temporaryDirectory)
struct ConfigurationTests {
    @Test func theAppsOwnInfoPlistDeclaresEveryModeItsTabsUse() throws {
        let info = try BundledResources.infoPlist()
        #expect(info.backgroundModes.isSuperset(of: [.audio, .location, .voip, .newsstandContent, .fetch]))
        #expect(info.isNewsstandApp)
        #expect(info.locationAlwaysUsageDescription != nil)
        #expect(info.locationAlwaysAndWhenInUseUsageDescription != nil)
        #expect(!info.permittedTaskIdentifiers.isEmpty)
        #expect(info.bundleName == "TheBackgrounder")
    }

    @Test func theDataDirectoryFollowsXDG() {
        #expect(DataDirectory.defaultURL(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path == "/x/data/backgrounder")
        #expect(DataDirectory.defaultURL(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/backgrounder")
        #expect(DataDirectory.defaultURL(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
            == "/home/u/.local/share/backgrounder")
    }

    @Test func anUnusableDataDirectoryIsAClearError() throws {
        let file = TestTemporaryDirectory.make("backgrounder-not-a-dir").appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try DataDirectory.prepare(file.appendingPathComponent("sub"))
        } throws: { error in
            (error as? DataDirectoryError)?.description.hasPrefix("data directory \(file.path)/sub: ") == true
        }
    }
}
