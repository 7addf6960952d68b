import BackgroundWire
import Testing

/// The command line the system starts the app's own process with, read back by the app's binary.
@Suite("The app process's arguments")
struct AppProcessArgumentsTests {
    @Test func theyReadBackAsWritten() {
        let written = [
            AppProcessArguments(iOSVersion: 17, infoPlist: nil), AppProcessArguments(iOSVersion: 9, infoPlist: "/a b/Info.plist"),
            AppProcessArguments(iOSVersion: 12, infoPlist: nil, wireVersion: nil),
        ]
        for arguments in written {
            #expect(AppProcessArguments(parsing: arguments.arguments) == arguments)
        }
        #expect(
            AppProcessArguments(iOSVersion: 13, infoPlist: "/p").arguments
                == ["app-process", "--ios", "13", "--info-plist", "/p", "--wire", "\(WireVersion.current)"])
        #expect(AppProcessArguments(parsing: ["app-process", "--ios", "13"])?.wireVersion == nil, "a host from before versions")
    }

    @Test func anythingElseIsNotThem() {
        for arguments in [
            [], ["run"], ["app-process"], ["app-process", "--ios"], ["app-process", "--ios", "ten"],
            ["app-process", "--ios", "10", "--headless", "x"], ["app-process", "--info-plist", "/p"],
            ["app-process", "--ios", "10", "--wire", "one"],
        ] {
            #expect(AppProcessArguments(parsing: arguments) == nil, "\(arguments)")
        }
    }
}
