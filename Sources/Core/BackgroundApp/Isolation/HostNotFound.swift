/// Why an app's own binary found no host to hand its command line to.
enum HostNotFound: Error, CustomStringConvertible {
    /// `$BACKGROUNDER_HOST` names no executable file.
    case notExecutable(String)
    /// No `backgrounder` beside the app, in the checkout's `.build` or on the `PATH`.
    case missing(checkout: String)

    var description: String {
        switch self {
        case .notExecutable(let path):
            "BACKGROUNDER_HOST=\(path) is not an executable file: name Backgrounder's `backgrounder` binary there"
        case .missing(let checkout):
            "this app runs on Backgrounder's host, the `backgrounder` binary, and there is none beside the app, in "
                + "\(checkout)/.build or on the PATH: build it once with `\(HostExecutable.buildCommand(inCheckout: checkout))`, "
                + "or name one in BACKGROUNDER_HOST"
        }
    }
}
