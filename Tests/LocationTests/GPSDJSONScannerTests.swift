@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The scanner of gpsd's JSON lines: the members a report reads, whatever else the object holds,
/// and a clear refusal of what is not JSON.
@Suite("gpsd's JSON scanner", .temporaryDirectory)
struct GPSDJSONScannerTests {
    @Test func aTPVGivesItsFieldsAndSkipsTheOthers() throws {
        let line = #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2026-03-08T03:31:11.000Z","ept":0.005,"#
            + #""lat":37.3242,"lon":-122.0441,"altMSL":64.2,"epx":3.0,"epy":4.0,"epv":9.5,"speed":3.02,"track":90.0,"#
            + #""ecef":{"x":[1,2,{"y":null}],"ok":true},"status":2}"#
        let report = try GPSDJSONScanner.report(in: line).get()
        #expect(report == GPSDReport(
            class: "TPV", mode: 3, time: "2026-03-08T03:31:11.000Z", lat: 37.3242, lon: -122.0441, altMSL: 64.2, alt: nil,
            epx: 3, epy: 4, eph: nil, epv: 9.5, speed: 3.02, track: 90, message: nil))
    }

    /// Short decimals are read by a fast path, the others by `strtod`: both give what
    /// `Double(String)` gives, for numbers of every length around the fast path's limits.
    @Test func everyNumberIsTheDoubleItsTextNames() throws {
        var generator = SeededRandom(seed: 7)
        var texts = ["0", "-0", "-0.0", "0.1", "1.5", "9007199254740992", "9007199254740993", "0.30000000000000004",
                     "37.33000000", "-122.0441", "1e3", "1.25E-2", "123456789012345678901234567890", "0.0000000000000000000001",
                     "0.00000000000000000000001", "562949953421311.9", "5629499534213119", "56294995342131199"]
        for _ in 0..<5_000 {
            let digits = String((0..<Int.random(in: 1...20, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let number = digits.count > 1 && digits.first == "0" ? "1" + digits : digits
            let point = Int.random(in: 0...number.count, using: &generator)
            let text = point == number.count || point == 0 ? number
                : String(number.prefix(point)) + "." + String(number.dropFirst(point))
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            let report = try GPSDJSONScanner.report(in: #"{"class":"TPV","lat":"# + text + "}").get()
            let expected = try #require(Double(text))
            #expect(report.lat?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func escapesAreDecodedInTheFieldsItReads() throws {
        let line = #"{"class":"ERROR","message":"caf\u00e9 \ud83d\udef0 \"quoted\"\n\/"}"#
        #expect(try GPSDJSONScanner.report(in: line).get().message == "café 🛰 \"quoted\"\n/")
    }

    @Test func aKeyIsTheFieldItSpellsWithEscapesOrWithoutAndItsFirstValueCounts() throws {
        let line = #"{"cl\u0061ss":"TPV","mode":3,"mode":2,"l\u0061t":1.5,"\u006cat":2.5,"lon":3,"m\u00e9ssage":"x"}"#
        let report = try GPSDJSONScanner.report(in: line).get()
        #expect(report.class == "TPV")
        #expect(report.mode == 3)
        #expect(report.lat == 1.5)
        #expect(report.lon == 3)
        #expect(report.message == nil)
        #expect(GPSDJSONScanner.report(in: #"{"class":"TPV","cl\ass":1}"#) == .failure(.notJSON))
        #expect(GPSDJSONScanner.report(in: "{\"class\":\"TPV\",\"la\u{01}t\":1}") == .failure(.notJSON))
    }

    @Test(arguments: [
        #"{"class":"TPV""#,  // no closing brace
        #"{"class":"TPV"} x"#,  // something after the object
        #"{"class":"ERROR","message":"\ud83d"}"#,  // a lone surrogate
        #"{"class":"ERROR","message":"\q"}"#,  // an unknown escape
        "{\"class\":\"ERROR\",\"message\":\"a\u{01}b\"}",  // a raw control character
        #"{"class":"TPV","lat":01}"#,  // a leading zero
        #"{"class":"TPV","lat":1.}"#,  // no digit after the point
        #"{"class":"TPV","lat":1e309}"#,  // too large for a Double
        #"{"class":"TPV","x":tru}"#,  // a broken literal
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),  // nested too deep
        "",
    ])
    func whatIsNotJSONIsSaidToBe(line: String) {
        #expect(GPSDJSONScanner.report(in: line) == .failure(.notJSON))
    }

    @Test(arguments: [
        #"[{"class":"TPV"}]"#,  // not an object
        #"{"mode":3}"#,  // no class
        #"{"class":3}"#,  // a class that is no string
        #"{"class":"TPV","lat":"north"}"#,  // a field of the wrong type
        #"{"class":"TPV","mode":2.5}"#,  // a mode that is no integer
    ])
    func jsonOfTheWrongShapeIsSaidToBe(line: String) {
        #expect(GPSDJSONScanner.report(in: line) == .failure(.wrongShape))
    }

    @Test func nullFieldsAreAbsentAndTheFirstOfTwoKeysCounts() throws {
        let report = try GPSDJSONScanner.report(in: #"{"class":"TPV","lat":null,"mode":2,"mode":3}"#).get()
        #expect(report.lat == nil)
        #expect(report.mode == 2)
    }
}
