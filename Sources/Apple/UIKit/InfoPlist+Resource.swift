import BackgroundRuntime
import Foundation

extension InfoPlist {
    /// The Info.plist among the resources of `type`'s module, beside the running executable:
    /// SwiftPM copies a target's resources into `PACKAGE_MODULE.resources` there.
    static func resource(ofModuleOf type: Any.Type) throws -> InfoPlist {
        let module = String(reflecting: type).split(separator: ".").first.map(String.init) ?? ""
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let candidates = bundles.filter { $0.hasSuffix("_\(module).resources") }.flatMap { bundle in
            ["Resources/Info.plist", "Info.plist"].map { directory.appendingPathComponent(bundle).appendingPathComponent($0) }
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw InfoPlistError.unreadable(
                file: directory.appendingPathComponent("…_\(module).resources/Resources/Info.plist").path,
                reason: "\(module)'s target has no Info.plist among its resources: add Resources/Info.plist with "
                    + "resources: [.copy(\"Resources\")], or pass --info-plist")
        }
        return try InfoPlist(contentsOf: found.path)
    }
}
