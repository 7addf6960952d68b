import BackgroundRuntime
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
@testable import NewsstandWire
import TestSupport
import Testing
@testable import TheBackgrounder

@Suite("The Newsstand library", .temporaryDirectory)
struct LibraryTests {
    @Test func issuesHaveUniqueNamesAndDirectoriesInsideTheDataDirectory() async throws {
        let data = temporaryDirectory()
        let backgrounder = makeBackgrounder(dataDirectory: data)
        let result = backgrounder.testDevice.perform { application -> [String] in
            let library = Library(application: application)
            var outcomes: [String] = []
            do throws(LibraryError) {
                let issue = try library.addIssue(named: "April", date: Date(timeIntervalSince1970: 0))
                outcomes.append(issue.contentURL.path)
                outcomes.append(issue.status.rawValue)
                _ = try library.addIssue(named: "April", date: Date())
            } catch {
                outcomes.append(error.description)
            }
            for name in ["../escape", "a/b", "..", ""] {
                do throws(LibraryError) {
                    _ = try library.addIssue(named: name, date: Date())
                    outcomes.append("accepted \(name)")
                } catch {
                    outcomes.append(error.description)
                }
            }
            return outcomes
        }
        let outcomes = try #require(result)
        #expect(outcomes[0] == data.appendingPathComponent("newsstand/Issues/April").path)
        #expect(outcomes[1] == "none")
        #expect(outcomes[2] == "the library already has an issue named \"April\"; issue names are unique")
        #expect(outcomes[3].contains("contains \"/\""))
        #expect(outcomes[4].contains("contains \"/\""))
        #expect(outcomes[5].contains("names a directory"))
        #expect(outcomes[6].contains("it is empty"))
        #expect(backgrounder.newsstand.issues().map(\.name) == ["April"])
    }

    @Test func removingAnIssueDeletesItsContentAndTheReadingMark() async throws {
        let backgrounder = makeBackgrounder()
        let service = backgrounder.newsstand
        _ = try service.addIssue(named: "May", date: Date())
        let content = service.directories.content(ofIssue: "May")
        try Data("page".utf8).write(to: content.appendingPathComponent("may.pdf"))
        service.currentlyReading = "May"
        #expect(service.status(ofIssue: "May") == .available)
        #expect(await backgrounder.execute("newsstand list") == .output("May  \(Date().formatted(.iso8601.year().month().day()))  available  may.pdf"))
        #expect(await backgrounder.execute("newsstand remove May") == .done)
        #expect(!FileManager.default.fileExists(atPath: content.path))
        #expect(service.currentlyReading == nil)
        #expect(await backgrounder.execute("newsstand list") == .output("No issues."))
        #expect(await backgrounder.execute("newsstand remove May") == .failed(.invalidArgument("newsstand remove: the library has no issue named \"May\"")))
    }

    @Test func theCurrentlyReadingIssueIsKeptAcrossLaunches() async throws {
        let data = temporaryDirectory()
        let first = makeBackgrounder(dataDirectory: data)
        _ = first.testDevice.perform { application in
            let library = Library(application: application)
            let issue = try? library.addIssue(named: "June", date: Date())
            library.currentlyReadingIssue = issue
        }
        await first.shutDown()
        let second = makeBackgrounder(dataDirectory: data)
        let name = second.testDevice.perform { application in
            Library(application: application).currentlyReadingIssue?.name
        }
        #expect(name == "June")
    }

    @Test func anUnreadableDatabaseIsMovedAsideNotLost() async throws {
        let data = temporaryDirectory()
        let directories = NewsstandDirectories(dataDirectory: data)
        try directories.create()
        try Data("this is not SQLite, just garbage bytes".utf8).write(to: directories.database)
        let backgrounder = makeBackgrounder(dataDirectory: data)
        #expect(backgrounder.messages.contains { $0.contains("cannot open") && $0.contains("moved it to") })
        let files = try FileManager.default.contentsOfDirectory(atPath: directories.root.path)
        #expect(files.contains { $0.hasPrefix("newsstand.sqlite.unreadable-") })
        _ = try backgrounder.newsstand.addIssue(named: "fresh", date: Date())
        #expect(backgrounder.newsstand.issues().map(\.name) == ["fresh"])
    }

    @Test func aBadURLIsOneClearErrorOnTheScreen() async throws {
        let backgrounder = makeBackgrounder()
        let result = await backgrounder.execute("newsstand download ftp://example.com/issue.pdf")
        #expect(result == .failed(.invalidArgument("newsstand download: \"ftp://example.com/issue.pdf\" is not an http or https URL")))
        #expect(backgrounder.newsstandSnapshot?.error == "\"ftp://example.com/issue.pdf\" is not an http or https URL")
        #expect(backgrounder.newsstand.issues().isEmpty)
    }

    @Test func theDownloadCommandNeedsTheScreen() async throws {
        let backgrounder = makeBackgrounder()
        backgrounder.device.pressHome()
        #expect(await backgrounder.execute("newsstand download") == .failed(.notOnScreen(.suspended)))
    }
}

@Suite("Parsing what servers and users send", .temporaryDirectory)
struct ParsingTests {
    @Test func contentDispositionFileNames() {
        #expect(ContentDisposition.fileName(in: "attachment; filename=\"issue 12.pdf\"") == "issue 12.pdf")
        #expect(ContentDisposition.fileName(in: "attachment; filename=plain.pdf") == "plain.pdf")
        #expect(ContentDisposition.fileName(in: "attachment; filename=\"a.pdf\"; filename*=UTF-8''na%C3%AFve.pdf") == "naïve.pdf")
        #expect(ContentDisposition.fileName(in: "attachment; filename=\"..\\/..\\/etc\"") == "../../etc")
        #expect(ContentDisposition.fileName(in: "inline") == nil)
    }

    @Test func safeNames() {
        #expect(SafeName.problem(with: "issue.pdf") == nil)
        #expect(SafeName.problem(with: "../x") != nil)
        #expect(SafeName.problem(with: "/etc/passwd") != nil)
        #expect(SafeName.problem(with: "..") != nil)
        #expect(SafeName.problem(with: String(repeating: "a", count: 300)) != nil)
    }

    @Test func contentRanges() {
        #expect(HTTPDownload.parseContentRange("bytes 100-199/1000")! == (100, 1000))
        #expect(HTTPDownload.parseContentRange("bytes 100-199/*")! == (100, nil))
        #expect(HTTPDownload.parseContentRange("bytes 100-1000/1000") == nil)
        #expect(HTTPDownload.parseContentRange("bytes */1000") == nil)
        #expect(HTTPDownload.parseContentRange("garbage") == nil)
    }

    @Test func backoffDoublesUpToItsLimit() {
        let options = TransferOptions()
        #expect((1...8).map { Int(options.backoff(beforeRetry: $0).seconds) } == [1, 2, 4, 8, 16, 32, 60, 60])
    }
}
