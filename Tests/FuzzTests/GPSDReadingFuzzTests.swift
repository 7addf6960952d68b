import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Testing

/// gpsd's JSON lines, mutated from real reports and built with fields of every type and size:
/// a fix in range with a finite accuracy, gpsd's error, nothing, or a bad line said in words;
/// and the same report, or the same kind of failure, as Foundation's `JSONDecoder` gives.
@Suite("Fuzz: gpsd JSON reports")
struct GPSDReadingFuzzTests {
    @Test func mutatedReportLinesAreAFixOrSaidToBeBad() async {
        await Fuzz.run("gpsd lines") { generator, number in
            let line = generator.line(from: FuzzSamples.gpsdLines, maxCount: 1024)
            check(GPSDReading(line: line), line: line, Fuzz.label(number, line))
            #expect(GPSDJSONScanner.report(in: line) == GPSDJSONOracle.report(in: line), Comment(rawValue: Fuzz.label(number, line)))
        }
    }

    @Test func reportsWithFieldsOfEveryTypeAreAFixOrSaidToBeBad() async {
        let fields = ["mode", "time", "lat", "lon", "altMSL", "alt", "epx", "epy", "eph", "epv", "speed", "track", "message"]
        await Fuzz.run("gpsd fields") { generator, number in
            var members = [#""class":"\#(Bool.random(using: &generator) ? "TPV" : "ERROR")""#]
            for field in fields where Int.random(in: 0..<3, using: &generator) > 0 {
                members.append("\"\(field)\":\(value(&generator, for: field))")
            }
            members.shuffle(using: &generator)
            let line = "{" + members.joined(separator: ",") + "}"
            check(GPSDReading(line: line), line: line, Fuzz.label(number, line))
            #expect(GPSDJSONScanner.report(in: line) == GPSDJSONOracle.report(in: line), Comment(rawValue: Fuzz.label(number, line)))
        }
    }

    /// Half the time a value gpsd could send for `field`, else a number, a time or a value
    /// of another type, from ordinary to absurd.
    private func value(_ generator: inout FuzzGenerator, for field: String) -> String {
        if Bool.random(using: &generator) {
            switch field {
            case "mode": return ["2", "3"].randomElement(using: &generator)!
            case "time": return "\"\(Self.times.randomElement(using: &generator)!)\""
            case "lat": return "\(Double.random(in: -90...90, using: &generator))"
            case "lon": return "\(Double.random(in: -180...180, using: &generator))"
            case "message": return generator.text(maxCount: 20).debugDescription
            default: return "\(Double.random(in: 0...50, using: &generator))"
            }
        }
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return "\(Double.random(in: -1...1, using: &generator) * 1e308)"
        case 1: return ["-1", "1e200", "1e308", "1e309", "-0", "9223372036854775807", "3.5", "0", "1e-320"].randomElement(using: &generator)!
        case 2: return "\"\(generator.line(from: Self.times, maxCount: 40))\""
        case 3: return ["null", "true", "[]", "{}", #""north""#].randomElement(using: &generator)!
        default: return generator.text(maxCount: 6).debugDescription
        }
    }

    static let times = [
        "2026-03-08T03:31:11.000Z", "2026-03-07T22:31:11.250-05:00", "2026-03-08T03:31:11+0", "2026-03-08T03:31:11+05",
        "9999-12-31T23:59:60.999-23:59", "0000-01-01T00:00:00Z", "2024-02-29 12:00:00z",
    ]

    private func check(_ reading: GPSDReading, line: String, _ label: String) {
        let context = Comment(rawValue: label)
        switch reading {
        case .fix(let report, let latitude, let longitude, let time):
            #expect(TrackBuilder.problem(latitude: latitude, longitude: longitude) == nil, context)
            #expect(time.isFinite, context)
            #expect(report.horizontalAccuracy?.isFinite != false, context)
            Fuzz.expectBounded(Timestamp.text(time).utf8.count, byInput: 0, plus: 40, context)
        case .error(let message):
            #expect(!message.isEmpty, context)
            // gpsd's own message, from the line.
            Fuzz.expectBounded(message.utf8.count, byInput: line.utf8.count, context)
        case .bad(let what):
            #expect(what.count > 10, context)
            Fuzz.expectBounded(what.utf8.count, byInput: line.utf8.count, plus: 200, context)
        case .ignored:
            Fuzz.expectBounded(0, byInput: line.utf8.count, context)
        }
    }
}
