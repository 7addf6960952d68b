import Foundation
import NIOHTTP1
@testable import Newsstand
@testable import NewsstandSystem
@testable import NewsstandWire
import Testing

/// The HTTP headers a Newsstand download reads: Content-Range, Content-Disposition, the
/// validator of a resume, and the file name they lead to.
@Suite("Fuzz: Newsstand HTTP headers")
struct NewsstandHeaderFuzzTests {
    static let contentRanges = ["bytes 100-199/1000", "bytes 0-0/1", "bytes 5-9/*", "BYTES  7-8/9 ", "bytes 0-9223372036854775806/9223372036854775807"]
    static let dispositions = [
        #"attachment; filename="issue 1.pdf""#, "attachment; filename*=UTF-8''na%C3%AFve.pdf; filename=naive.pdf",
        #"inline; FILENAME="a\"b.pdf"; size=3"#, "attachment; filename=plain.txt",
    ]

    @Test func mutatedContentRangesGiveAValidRangeOrNothing() async {
        await Fuzz.run("Content-Range") { generator, number in
            let value = generator.line(from: Self.contentRanges, maxCount: 80)
            let context = Comment(rawValue: Fuzz.label(number, value))
            let parsed = HTTPDownload.parseContentRange(value)
            // Two numbers at most, whatever the header's length.
            Fuzz.expectBounded(parsed.map { "\($0)".utf8.count } ?? 0, byInput: 0, plus: 100, context)
            guard let range = parsed else { return }
            #expect(range.start >= 0, context)
            #expect(range.total.map { $0 > range.start } != false, context)
        }
    }

    /// A range made from numbers gives its numbers back.
    @Test func generatedContentRangesGiveBackTheirNumbers() async {
        await Fuzz.run("Content-Range round trip") { generator, number in
            let first = Int64.random(in: 0...(Int64.max - 2), using: &generator)
            let last = Int64.random(in: first...(Int64.max - 1), using: &generator)
            let total = Bool.random(using: &generator) ? Int64.random(in: (last + 1)...Int64.max, using: &generator) : nil
            let value = "bytes \(first)-\(last)/\(total.map(String.init) ?? "*")"
            let range = HTTPDownload.parseContentRange(value)
            Fuzz.expectBounded(range.map { "\($0)".utf8.count } ?? 0, byInput: 0, plus: 100, Comment(rawValue: Fuzz.label(number, value)))
            #expect(range?.start == first && range?.total == total, Comment(rawValue: Fuzz.label(number, value)))
        }
    }

    @Test func mutatedContentDispositionsGiveAFileNameThatIsJudgedBeforeUse() async {
        await Fuzz.run("Content-Disposition") { generator, number in
            let value = generator.line(from: Self.dispositions, maxCount: 200)
            let context = Comment(rawValue: Fuzz.label(number, value))
            Fuzz.expectBounded(ContentDisposition.fileName(in: value)?.utf8.count ?? 0, byInput: value.utf8.count, context)
            var headers = HTTPHeaders()
            headers.add(name: "Content-Disposition", value: value)
            do throws(TransferError) {
                let url = "http://127.0.0.1:8081/issues/1/\(generator.text(maxCount: 10).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "x")"
                let name = try TransferService.fileName(of: headers, url: url)
                Fuzz.expectBounded(name.utf8.count, byInput: value.utf8.count + url.utf8.count, context)
                #expect(SafeName.problem(with: name) == nil && !name.contains("/") && name != ".." && name != ".", context)
            } catch {
                #expect(error.description.contains("name"), context)
                Fuzz.expectBounded(error.description.utf8.count, byInput: value.utf8.count, plus: 500, context)
            }
        }
    }

    /// A file name is one path component inside its directory, or a reason why not.
    @Test func safeNamesStayInsideTheirDirectory() async {
        await Fuzz.run("SafeName") { generator, number in
            let name = generator.line(from: ["issue-1.pdf", "..", "a/b", "cover.jpg"], maxCount: 300)
            let context = Comment(rawValue: Fuzz.label(number, name))
            if let problem = SafeName.problem(with: name) {
                #expect(problem.hasPrefix("it "), context)
                Fuzz.expectBounded(problem.utf8.count, byInput: name.utf8.count, plus: 200, context)
            } else {
                Fuzz.expectBounded(0, byInput: name.utf8.count, context)
                let directory = URL(fileURLWithPath: "/data/issues/1")
                #expect(directory.appendingPathComponent(name).deletingLastPathComponent().standardized.path == directory.path, context)
            }
        }
    }

    /// A resume sends the strong ETag, else Last-Modified, never a weak ETag.
    @Test func theResumeValidatorIsNeverWeak() async {
        await Fuzz.run("ETag validator") { generator, number in
            let etag = Bool.random(using: &generator) ? generator.line(from: [#""abc""#, #"W/"abc""#, "*"], maxCount: 30) : nil
            let lastModified = Bool.random(using: &generator) ? generator.text(maxCount: 30) : nil
            let validator = HTTPDownload.resumeValidator(etag: etag, lastModified: lastModified)
            let context = Comment(rawValue: Fuzz.label(number, "\(etag ?? "nil") | \(lastModified ?? "nil")"))
            Fuzz.expectBounded(validator?.utf8.count ?? 0, byInput: max(etag?.utf8.count ?? 0, lastModified?.utf8.count ?? 0), context)
            #expect(validator == etag || validator == lastModified, context)
            if let validator, validator == etag { #expect(!validator.hasPrefix("W/"), context) }
            if etag.map({ !$0.hasPrefix("W/") }) ?? false { #expect(validator == etag, context) }
        }
    }
}
