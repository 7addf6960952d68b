import BackgroundRuntime
import Foundation

/// The files TheBackgrounder ships with, as an iOS app's bundle would hold them.
public enum BundledResources {
    /// The path of the app's own Info.plist.
    public static var infoPlistPath: String {
        Bundle.module.path(forResource: "Info", ofType: "plist", inDirectory: "TheBackgrounder")
            ?? "Info.plist (missing from the TheBackgrounder bundle)"
    }

    /// The app's own Info.plist, which declares every background mode its tabs use.
    public static func infoPlist() throws(InfoPlistError) -> InfoPlist {
        try InfoPlist(contentsOf: infoPlistPath)
    }
}
