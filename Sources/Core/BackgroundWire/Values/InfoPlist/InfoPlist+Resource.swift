import Foundation

extension InfoPlist {
    /// The Info.plist among the resources of module `module` of the executable at `executable`:
    /// SwiftPM copies a target's resources into `PACKAGE_MODULE.resources` beside it, as
    /// `Resources/Info.plist` (`resources: [.copy("Resources")]`) or `Info.plist`.
    public static func resource(ofModule module: String, besideExecutable executable: URL) throws(InfoPlistError) -> InfoPlist {
        let directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let candidates = bundles.filter { $0.hasSuffix("_\(module).resources") }.sorted().flatMap { bundle in
            ["Resources/Info.plist", "Info.plist"].map { directory.appendingPathComponent(bundle).appendingPathComponent($0) }
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw .unreadable(
                file: directory.appendingPathComponent("…_\(module).resources/Resources/Info.plist").path,
                reason: "\(module)'s target has no Info.plist among its resources: add Resources/Info.plist with "
                    + "resources: [.copy(\"Resources\")], or pass --info-plist")
        }
        return try InfoPlist(contentsOf: found.path)
    }
}
