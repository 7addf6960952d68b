/// The app as an era's crash reports and console name it (``AssertionReportStyle``).
package struct ReportedApp: Sendable {
    /// The executable's name, e.g. `TheBackgrounder`.
    let name: String
    let bundleIdentifier: String
    let pid: Int32

    /// `TheBackgrounder[4242]`.
    var processName: String { "\(name)[\(pid)]" }
    /// BackBoard's process, `<BKNewProcess: 0x…; com.example.App; pid: 4242; hostpid: -1>`.
    var process: String { "<BKNewProcess: \(address); \(bundleIdentifier); pid: \(pid); hostpid: -1>" }
    /// An object's address in the report's style; the same for every object of one report.
    var address: String { "0x" + String(0x17d7_0000 + Int(pid), radix: 16) }

    package init(name: String, bundleIdentifier: String, pid: Int32) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.pid = pid
    }
}
