import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// Makes a sentence with its checksum.
func nmea(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
    return "$\(body)*\(String(format: "%02X", sum))"
}

@Suite("NMEA logs", .temporaryDirectory)
struct NMEATests {
    @Test func readsTheProjectsLog() throws {
        let track = try TrackFile.load(path: TrackFixtures.fixture("city-run.nmea").path)
        #expect(track.name == "city-run")
        #expect(track.issues.isEmpty)
        #expect(track.points.count == 31)
        #expect(track.duration == 30)
        // 2026-03-08T03:31:11Z, from RMC's date and time
        #expect(track.points[0].time == 1_772_940_671)
        #expect(abs(track.points[0].coordinate.latitude - (37 + 19.4520 / 60)) < 1e-12)
        #expect(abs(track.points[0].coordinate.longitude + (122 + 2.6520 / 60)) < 1e-12)
        // HDOP 1.4 every tenth second, else 0.9: × 5 m; altitude from GGA
        #expect(track.points[0].horizontalAccuracy == 7)
        #expect(abs(track.points[1].horizontalAccuracy - 4.5) < 1e-12)
        #expect(track.points[0].altitude == 64)
        // VDOP 1.3 from GSA
        #expect(abs(track.points[0].verticalAccuracy! - 6.5) < 1e-12)
    }

    private func log(_ lines: [String]) throws -> Track {
        try TrackFixtures.track(lines.joined(separator: "\r\n") + "\r\n", source: "test.nmea")
    }

    private let first = nmea("GPRMC,033111.00,A,3719.4520,N,12202.6520,W,0.00,0.00,080326,,,A")
    private let last = nmea("GPRMC,033120.00,A,3719.4600,N,12202.6600,W,0.00,0.00,080326,,,A")

    @Test(arguments: [
        ("$GPRMC,033112.00,A,3719.4520,N,12202.6520,W,0.00,0.00,080326,,,A*00", "test.nmea:2: bad checksum *00 (the sentence adds up to *4C); sentence skipped"),
        ("$GPRMC,033112.00,A,3719.45", "test.nmea:2: no *hh checksum at the end (truncated?); sentence skipped"),
        (nmea("GPRMC,033112.00,A,nan,N,12202.6520,W,0.00,0.00,080326,,,A"), "test.nmea:2: latitude \"nan\" is not a number; sentence skipped"),
        (nmea("GPRMC,033112.00,A,9130.0000,N,12202.6520,W,0.00,0.00,080326,,,A"), "test.nmea:2: latitude 91.5 is over 90; point skipped"),
        (nmea("GPRMC,033112.00,A,3719.4520,N,12202.6520,X,0.00,0.00,080326,,,A"), "test.nmea:2: longitude hemisphere \"X\" is not E or W; sentence skipped"),
        (nmea("GPRMC,033110.00,A,3719.4520,N,12202.6520,W,0.00,0.00,080326,,,A"),
         "test.nmea:2: time goes backwards (2026-03-08T03:31:10Z after 2026-03-08T03:31:11Z); point skipped"),
        (nmea("GPRMC,033112.00,V,,,,,,,080326,,,N"), "test.nmea:2: the receiver had no fix (RMC status V); epoch skipped"),
        (nmea("GPRMC,033112.00,A,3719.4520,N"), "test.nmea:2: RMC has 4 fields, too few (truncated?); sentence skipped"),
        (nmea("GPRMC,0331,A,3719.4520,N,12202.6520,W,0.00,0.00,080326,,,A"), "test.nmea:2: time \"0331\" is not hhmmss; sentence skipped"),
        (nmea("GPRMC,033112.00,A,3719.4520,N,12202.6520,W,0.00,0.00,310226,,,A"), "test.nmea:2: date \"310226\" does not exist; sentence skipped"),
        ("garbage \u{1}\u{2}", "test.nmea:2: not an NMEA sentence (\"garbage \u{1}\u{2}\"); line skipped"),
    ])
    func aBadSentenceIsSkippedWithAClearMessage(line: String, message: String) throws {
        let track = try log([first, line, last])
        #expect(track.points.count == 2)
        #expect(track.issues.map(\.description) == [message])
    }

    @Test func errorEstimatesOfGSTBeatTheHDOP() throws {
        let track = try log([
            nmea("GPGGA,033111.00,3719.4520,N,12202.6520,W,1,09,2.0,64.0,M,-29.9,M,,"),
            nmea("GPGST,033111.00,1.2,3.0,2.0,10.0,3.0,4.0,6.0"),
        ])
        #expect(track.points.count == 1)
        #expect(track.points[0].horizontalAccuracy == 5)
        #expect(track.points[0].verticalAccuracy == 6)
    }

    @Test func aLogWithoutDatesCrossesMidnight() throws {
        let track = try log([
            nmea("GPGGA,235959.00,3719.4520,N,12202.6520,W,1,09,1.0,64.0,M,-29.9,M,,"),
            nmea("GPGGA,000000.00,3719.4530,N,12202.6530,W,1,09,1.0,64.0,M,-29.9,M,,"),
        ])
        #expect(track.points.map(\.time) == [86_399, 86_400])
    }

    @Test func aLogWithoutAnyFixIsRefusedWithItsFirstProblem() {
        let error = TrackError.noPoints(
            file: "test.nmea",
            issues: [TrackIssue(source: "test.nmea", line: 1, message: "the receiver had no fix (GGA quality 0); epoch skipped")],
            issueCount: 1)
        #expect(throws: error) { try log([nmea("GPGGA,235959.00,,,,,0,00,,,M,,M,,")]) }
        #expect(error.description == "test.nmea: no usable points; 1 problem, the first: the receiver had no fix (GGA quality 0); epoch skipped")
    }
}
