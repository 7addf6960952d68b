import BackgroundWire
import Foundation

/// Backgrounder's host, the `backgrounder` binary, that an app's own binary hands its command
/// line to: the system's side runs there, and it starts the app's binary again for the app.
struct HostExecutable {
    /// The name of the host's binary.
    static let name = "backgrounder"

    /// The host's binary.
    let url: URL
    /// A source file of the checkout newer than the host found in that checkout's `.build`: the
    /// app was built from it, and the host may not speak the app's wire; nil when there is none.
    var newerSource: URL?

    /// The host for the app binary at `app`: `$BACKGROUNDER_HOST`; else the first `backgrounder`
    /// beside the app (one build of one package), in the `.build` of `checkout` — the checkout
    /// this runtime was built from — (its own build configuration first), or on the `PATH`.
    static func find(
        forApp app: URL, environment: [String: String], checkout: URL = checkout
    ) -> Result<HostExecutable, HostNotFound> {
        if let named = environment["BACKGROUNDER_HOST"] {
            return isExecutable(named) ? .success(HostExecutable(url: URL(fileURLWithPath: named))) : .failure(.notExecutable(named))
        }
        let configuration = app.deletingLastPathComponent().lastPathComponent
        let builds = [configuration, "debug", "release"].reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let inCheckout = builds.map { checkout.appendingPathComponent(".build").appendingPathComponent($0).path }
        let directories =
            [app.deletingLastPathComponent().path] + inCheckout + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let found = directories.first(where: { isExecutable("\($0)/\(name)") }) else {
            return .failure(.missing(checkout: checkout.path))
        }
        var host = HostExecutable(url: URL(fileURLWithPath: found).appendingPathComponent(name))
        if inCheckout.contains(found) {
            host.newerSource = sourceFile(of: checkout, newerThan: host.url)
        }
        return .success(host)
    }

    /// A Swift file under `checkout`'s Sources/ modified after `binary` was; nil if none is.
    private static func sourceFile(of checkout: URL, newerThan binary: URL) -> URL? {
        let built = (try? binary.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantFuture
        let sources = FileManager.default.enumerator(
            at: checkout.appendingPathComponent("Sources"), includingPropertiesForKeys: [.contentModificationDateKey])
        while let file = sources?.nextObject() as? URL {
            guard file.pathExtension == "swift",
                let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate,
                modified > built
            else { continue }
            return file
        }
        return nil
    }

    /// The command that builds the host in `checkout`.
    static func buildCommand(inCheckout checkout: String) -> String {
        "swift build --package-path \(checkout) --product \(name)"
    }

    /// The checkout this runtime was built from: five levels above this file
    /// (Sources/Core/BackgroundApp/Isolation/HostExecutable.swift).
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && access(path, X_OK) == 0
    }

    /// Replaces this process with the host running `arguments` for the app at `app`, whose
    /// Info.plist is among the resources of module `module`; `name` is the app as the user typed
    /// it, which the host's messages and `ps` show; the host finds this binary's ``WireVersion``
    /// in its environment. Returns only if the kernel refused, with why.
    func exec(app: URL, module: String, name: String, arguments: [String]) -> String {
        let argv = [name, "host", "--module", module, app.path] + arguments
        setenv(WireVersion.appEnvironmentKey, "\(WireVersion.current)", 1)
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(url.path, &cArguments)
        return String(cString: strerror(errno))
    }
}
