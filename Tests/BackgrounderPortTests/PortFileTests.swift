import BackgrounderPort
import Foundation
import Testing

/// Which files port reads, that it leaves every other byte alone, and what it does with bad
/// input: a clear error, a non-zero exit in the command, nothing half-written.
@Suite struct PortFileTests {
    @Test func commentsSpacingAndLineEndsAroundAChangeStayAsTheyWere() throws {
        let input = "/* a */ @objc /* b */ func f() {}\r\nclass A {\r\n\t@IBOutlet  weak var l: UILabel! // the label\r\n\t@IBOutlet /* kept */ var m: UILabel!\r\n}\r\n"
        let output = "/* a */ /* b */ func f() {}\r\nclass A {\r\n\tweak var l: UILabel! // the label\r\n\t/* kept */ var m: UILabel!\r\n}\r\n"
        #expect(try PortDirectory.port(input).text == output)
    }

    @Test func aFileThatNeedsNothingIsNotWritten() throws {
        let text = "import UIKit\n\n// Nothing here needs the Objective-C runtime.\nfinal class Plain {\n    @IBAction func tap(_ sender: UIButton) {}\n}\n"
        let directory = try PortDirectory(["Plain.swift": text])
        let file = directory.url.appendingPathComponent("Plain.swift")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: file.path)
        let report = try directory.port()
        #expect(report.changes.isEmpty && report.problems.isEmpty)
        #expect(try directory.read("Plain.swift") == text)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_000_000))
        #expect(report.summary.hasPrefix("backgrounder port: nothing to change in the 1 Swift file under "))
        #expect(report.summary.hasSuffix("; added \(directory.path)/FoundationOnBackgrounder.swift"), "it imports UIKit")
    }

    /// The typealiases that let `import Foundation` beside `import UIKit` build go into each
    /// target that imports UIKit and has none: the directory under Sources or Tests, else the one given.
    @Test func eachTargetThatImportsUIKitGetsFoundationOnBackgrounderOnce() throws {
        let directory = try PortDirectory([
            "Sources/App/Views/Screen.swift": "import Foundation\nimport UIKit\n",
            "Sources/App/Model.swift": "import Foundation\n",
            "Sources/Kit/Kit.swift": "#if canImport(UIKit)\nimport UIKit.UIView\n#endif\n",
            "Sources/Kit/FoundationOnBackgrounder.swift": "// the user's own\n",
            "Sources/Engine/Engine.swift": "import Foundation\n",
            "Tests/AppTests/ScreenTests.swift": "import UIKit\n",
        ])
        let report = try directory.port()
        #expect(report.addedFiles == [
            "\(directory.path)/Sources/App/FoundationOnBackgrounder.swift", "\(directory.path)/Tests/AppTests/FoundationOnBackgrounder.swift",
        ])
        #expect(try directory.read("Sources/App/FoundationOnBackgrounder.swift") == FoundationOnBackgrounder.contents)
        #expect(try directory.read("Sources/Kit/FoundationOnBackgrounder.swift") == "// the user's own\n")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("Sources/Engine/FoundationOnBackgrounder.swift").path))
        #expect(try directory.port().addedFiles.isEmpty, "a second run adds nothing")
    }

    @Test func buildDirectoriesHiddenDirectoriesAndTheManifestAreSkipped() throws {
        let objc = "@objc class A {}\n"
        let directory = try PortDirectory([
            "Sources/App/A.swift": objc, ".build/checkouts/Dep/B.swift": objc, ".build-linux/C.swift": objc, ".git/D.swift": objc,
            "Package.swift": "// swift-tools-version: 5.10\n" + objc, "Sources/App/notes.txt": objc,
        ])
        let report = try directory.port()
        #expect(report.fileCount == 1)
        #expect(try directory.read("Sources/App/A.swift") == "class A {}\n")
        for skipped in [".build/checkouts/Dep/B.swift", ".build-linux/C.swift", ".git/D.swift", "Sources/App/notes.txt"] {
            #expect(try directory.read(skipped) == objc)
        }
        #expect(try directory.read("Package.swift").hasSuffix(objc))
    }

    @Test func aWrittenFileKeepsItsPermissionsAndNoTemporaryFileStays() throws {
        let directory = try PortDirectory(["A.swift": "@objc class A {}\n"])
        let file = directory.url.appendingPathComponent("A.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        _ = try directory.port()
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o640)
        #expect(try directory.allFiles() == ["A.swift"])
    }

    @Test func aDirectoryThatDoesNotExistOrIsAFileIsAClearError() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("port-missing-\(UUID().uuidString)").path
        #expect(throws: PortError.noSuchDirectory(missing)) { try Porter(directory: missing).run() }
        #expect("\(PortError.noSuchDirectory(missing))" == "\(missing): no such directory")
        let directory = try PortDirectory(["A.swift": "class A {}\n"])
        let file = directory.url.appendingPathComponent("A.swift").path
        #expect(throws: PortError.notADirectory(file)) { try Porter(directory: file).run() }
    }

    @Test func aFileThatDoesNotParseIsNamedWithTheParsersDiagnosticAndNothingIsWritten() throws {
        let broken = "class Broken {\n    func f( {\n}\n"
        let directory = try PortDirectory(["Broken.swift": broken, "Fine.swift": "@objc class Fine {}\n"])
        let report = try directory.port()
        #expect(report.problems.count == 1)
        guard case .unparsable(let file, let diagnostics) = report.problems.first else {
            Issue.record("expected a parse error, got \(report.problems)")
            return
        }
        #expect(file == "\(directory.path)/Broken.swift")
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.first == "\(directory.path)/Broken.swift:2:12: error: expected ')' to end parameter clause")
        #expect(diagnostics.allSatisfy { $0.hasPrefix("\(directory.path)/Broken.swift:") && $0.contains(": error: ") })
        #expect(try directory.read("Broken.swift") == broken)
        #expect(try directory.read("Fine.swift") == "@objc class Fine {}\n", "nothing is written while a file has a problem")
        #expect(report.summary.hasPrefix("backgrounder port: nothing written: 1 of the 2 Swift files under "))
    }

    @Test func aReadOnlyFileThatNeedsChangesIsNamedAndNothingIsWritten() throws {
        let directory = try PortDirectory(["Locked.swift": "@objc class Locked {}\n", "Open.swift": "@objc class Open {}\n"])
        let locked = directory.url.appendingPathComponent("Locked.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked) }
        let report = try directory.port()
        #expect(report.problems == [.readOnly(file: locked)])
        #expect("\(report.problems[0])" == "\(locked) needs changes but is read-only: make it writable (chmod u+w) and run port again")
        #expect(try directory.read("Locked.swift") == "@objc class Locked {}\n")
        #expect(try directory.read("Open.swift") == "@objc class Open {}\n")
    }

    @Test func aFileThatIsNotUTF8IsNamed() throws {
        let directory = try PortDirectory([:])
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data([0x63, 0x6c, 0xff, 0xfe]).write(to: directory.url.appendingPathComponent("Latin.swift"))
        let report = try directory.port()
        #expect(report.problems == [.unreadable(file: "\(directory.path)/Latin.swift", reason: "it is not UTF-8 text")])
    }
}
