import BackgroundRuntime
import Foundation
import Testing

@Suite("Info.plist: real property lists, and clear errors")
struct InfoPlistTests {
    private func plist(_ body: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """.utf8)
    }

    @Test func readsTheKeysBackgroundExecutionDependsOn() throws {
        let info = try InfoPlist(data: plist("""
            <key>CFBundleName</key><string>TheBackgrounder</string>
            <key>UIBackgroundModes</key>
            <array><string>audio</string><string>location</string><string>voip</string>
            <string>newsstand-content</string><string>fetch</string><string>processing</string></array>
            <key>UINewsstandApp</key><true/>
            <key>NSLocationAlwaysUsageDescription</key><string>To draw your route.</string>
            <key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.refresh</string></array>
            """), source: "Info.plist")
        #expect(info.backgroundModes == [.audio, .location, .voip, .newsstandContent, .fetch, .processing])
        #expect(info.isNewsstandApp)
        #expect(info.locationAlwaysUsageDescription == "To draw your route.")
        #expect(info.locationWhenInUseUsageDescription == nil)
        #expect(info.permittedTaskIdentifiers == ["com.example.refresh"])
        #expect(info.declares(.audio))
        #expect(!info.declares(.remoteNotification))
    }

    @Test func absentKeysTakeIOSDefaults() throws {
        let info = try InfoPlist(data: plist(""), source: "Empty.plist")
        #expect(info.backgroundModes.isEmpty)
        #expect(info.isNewsstandApp == false)
        #expect(info.bundleName == "TheBackgrounder")
    }

    @Test func anUnknownModeIsIgnoredWithAWarning() throws {
        let info = try InfoPlist(
            data: plist("<key>UIBackgroundModes</key><array><string>teleport</string><string>audio</string><string>push-to-talk</string></array>"),
            source: "Mine.plist")
        #expect(info.backgroundModes == [.audio, .pushToTalk])
        #expect(info.ignoredBackgroundModes == ["teleport"])
        let device = TestDevice(infoPlist: info) { _ in RecordingDelegate(log: AppLog()) }
        #expect(device.console.recentMessages.contains(
            "Info.plist Mine.plist: UIBackgroundModes has \"teleport\", which iOS does not know; it is ignored"))
    }

    @Test func everyModeIOSKnowsIsAccepted() throws {
        let values = ["audio", "location", "voip", "newsstand-content", "network-authentication", "external-accessory",
                      "bluetooth-central", "bluetooth-peripheral", "fetch", "remote-notification", "processing",
                      "push-to-talk", "nearby-interaction"]
        let body = values.map { "<string>\($0)</string>" }.joined()
        let info = try InfoPlist(data: plist("<key>UIBackgroundModes</key><array>\(body)</array>"), source: "All.plist")
        #expect(info.backgroundModes.count == values.count)
        #expect(info.ignoredBackgroundModes.isEmpty)
    }

    @Test func minimumOSVersionIsTheDeploymentTargetsMajorVersion() throws {
        #expect(try InfoPlist(data: plist("<key>MinimumOSVersion</key><string>13.0</string>"), source: "A.plist").minimumOSVersion == 13)
        #expect(try InfoPlist(data: plist("<key>MinimumOSVersion</key><string>17</string>"), source: "A.plist").minimumOSVersion == 17)
        #expect(try InfoPlist(data: plist(""), source: "A.plist").minimumOSVersion == nil)
        for bad in ["<string>thirteen</string>", "<string></string>", "<string>-3.0</string>", "<integer>13</integer>"] {
            #expect(throws: InfoPlistError.self, "\(bad)") {
                try InfoPlist(data: plist("<key>MinimumOSVersion</key>\(bad)"), source: "A.plist")
            }
        }
    }

    @Test func aKeyOfTheWrongTypeIsNamed() {
        #expect(throws: InfoPlistError.wrongType(file: "Mine.plist", key: "UIBackgroundModes", expected: "an array of strings")) {
            try InfoPlist(data: plist("<key>UIBackgroundModes</key><string>audio</string>"), source: "Mine.plist")
        }
        #expect(throws: InfoPlistError.wrongType(file: "Mine.plist", key: "UINewsstandApp", expected: "a boolean (<true/> or <false/>)")) {
            try InfoPlist(data: plist("<key>UINewsstandApp</key><string>YES</string>"), source: "Mine.plist")
        }
        #expect(throws: InfoPlistError.wrongType(file: "Mine.plist", key: "UIBackgroundModes", expected: "an array of strings")) {
            try InfoPlist(data: plist("<key>UIBackgroundModes</key><array><integer>1</integer></array>"), source: "Mine.plist")
        }
    }

    @Test(arguments: [
        "<plist><dict><key>UIBackgroundModes</key>",
        "not a plist at all",
        "",
        "\u{0}\u{1}\u{2}garbage",
    ])
    func malformedInputIsAnErrorNamingTheFile(text: String) {
        #expect {
            try InfoPlist(data: Data(text.utf8), source: "Broken.plist")
        } throws: { error in
            guard case .malformed(let file, _) = error as? InfoPlistError else { return false }
            return file == "Broken.plist"
        }
    }

    @Test func aPlistWhoseTopLevelIsNotADictionaryIsMalformed() {
        let data = Data(#"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#.utf8)
        #expect(throws: InfoPlistError.malformed(file: "Array.plist", reason: "the top level is not a dictionary")) {
            try InfoPlist(data: data, source: "Array.plist")
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect {
            try InfoPlist(contentsOf: "/nonexistent/Info.plist")
        } throws: { error in
            guard case .unreadable(let file, _) = error as? InfoPlistError else { return false }
            return file == "/nonexistent/Info.plist"
        }
    }
}
