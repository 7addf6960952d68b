import Foundation
import TestSupport
import Testing

/// `backgrounder port DIR` as a user runs it: the changes printed as fix-its, a second run that
/// says nothing changes, and a non-zero exit with the reason for bad input.
@Suite("backgrounder port", .temporaryDirectory)
struct PortCommandTests {
    private func directory(_ files: [String: String]) throws -> String {
        let directory = TestTemporaryDirectory.make("port")
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory.path
    }

    @Test func itPrintsEachChangeAndASecondRunChangesNothing() async throws {
        let app = try directory(["ViewController.swift": "import UIKit\n\nclass ViewController: UIViewController {\n    @IBOutlet weak var label: UILabel!\n}\n"])
        let first = try await runBackgrounder(["port", app], input: "")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\(app)/ViewController.swift:4: @IBOutlet needs the Objective-C runtime"))
        #expect(first.stdout.contains("\n-    @IBOutlet weak var label: UILabel!\n+    weak var label: UILabel!\n"))
        #expect(first.stdout.contains("\n\(app)/FoundationOnBackgrounder.swift: added: the target imports UIKit"))
        #expect(first.stdout.hasSuffix("backgrounder port: 1 change in 1 of the 1 Swift file under \(app); added \(app)/FoundationOnBackgrounder.swift\n"))
        let second = try await runBackgrounder(["port", app], input: "")
        #expect(second.status == 0)
        #expect(second.stdout == "backgrounder port: nothing to change in the 2 Swift files under \(app)\n")
    }

    @Test func aMissingDirectoryOrAFileThatDoesNotParseEndsItWithAnError() async throws {
        let missing = TestTemporaryDirectory.make("port").appendingPathComponent("NoSuchApp").path
        let absent = try await runBackgrounder(["port", missing], input: "")
        #expect(absent.status != 0)
        #expect(absent.stderr.contains("\(missing): no such directory"))
        let app = try directory(["Broken.swift": "class Broken {\n    func f( {\n}\n", "Fine.swift": "@objc class Fine {}\n"])
        let broken = try await runBackgrounder(["port", app], input: "")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("error: \(app)/Broken.swift does not parse as Swift, so port leaves it as it is:\n\(app)/Broken.swift:2:"))
        #expect(broken.stderr.contains("backgrounder port: nothing written"))
        #expect(try String(contentsOfFile: "\(app)/Fine.swift", encoding: .utf8) == "@objc class Fine {}\n")
    }
}
