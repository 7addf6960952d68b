import ArgumentParser
import BackgrounderPort
import Foundation

/// `backgrounder port DIR`: rewrites, in place, what Swift on Linux cannot build in an iOS app's
/// Swift files, and prints each change as a fix-it.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite, in place, what Swift on Linux cannot build in an iOS app's Swift files (@IBOutlet, @objc, KVO, #selector observers and timers, #if os(iOS)), printing each change.",
        discussion: """
            Each construct gets the smallest change that builds against Backgrounder's UIKit and \
            Foundation, and nothing else in the file changes: @IBOutlet and @objc lose the \
            attribute; KVO registrations and observeValue(forKeyPath:of:change:context:) are \
            commented out under a `// backgrounder port:` comment (nothing here posts those \
            changes, so what the method did no longer happens); NotificationCenter's \
            addObserver(_:selector:name:object:) and Timer.scheduledTimer(timeInterval:target:\
            selector:userInfo:repeats:) take the block form; `os(iOS)` in #if becomes \
            `os(iOS) || os(Linux)`. A target that imports UIKit (the directory under Sources or Tests, or DIR) \
            gets FoundationOnBackgrounder.swift if it has none, so that files importing Foundation \
            beside UIKit build. Each change is printed as FILE:LINE: REASON with the lines \
            before (-) and after (+); what port finds but cannot rewrite (#selector in \
            addTarget, optional protocol requirements…) is listed as `left as is`. A second run \
            changes nothing. It reads every .swift file under DIR except under .build* and hidden \
            directories and Package.swift; if a file does not parse, cannot be read, or needs \
            changes but is read-only, it says which and writes nothing.
            """
    )

    @Argument(help: "The directory whose Swift files to port, in place (a package, or its Sources).")
    var directory: String

    func run() throws {
        let report: PortReport
        do {
            report = try Porter(directory: directory).run()
        } catch {
            throw ValidationError("\(error)")
        }
        for change in report.changes { print(change, terminator: "\n\n") }
        for note in report.notes { print(note) }
        for file in report.addedFiles {
            print(
                "\(file): added: the target imports UIKit, whose Timer, NotificationCenter and URLSession types are "
                    + "Backgrounder's; the file's typealiases let files that import Foundation beside UIKit build as written "
                    + "(it declares nothing on iOS)", terminator: "\n\n")
        }
        for problem in report.problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
        if report.problems.isEmpty {
            print(report.summary)
        } else {
            FileHandle.standardError.write(Data("\(report.summary)\n".utf8))
            throw ExitCode.failure
        }
    }
}
