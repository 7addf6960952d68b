import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Testing

/// GPX and NMEA files of garbage and of mutated real routes: a track or a clear error, never a
/// crash; every point valid and in time order; no more points than the file has bytes for.
@Suite("Fuzz: GPX and NMEA route files")
struct TrackFileFuzzTests {
    @Test func mutatedGPXFilesGiveATrackOrAnErrorNamingTheFile() async {
        await Fuzz.run("GPX") { generator, number in
            check(generator.input(from: FuzzSamples.gpx, maxCount: 4096), number: number)
        }
    }

    @Test func mutatedNMEALogsGiveATrackOrAnErrorNamingTheFile() async {
        await Fuzz.run("NMEA") { generator, number in
            check(generator.input(from: FuzzSamples.nmea, maxCount: 4096), number: number)
        }
    }

    /// GPX written by the app's exporter reads back as the same points.
    @Test func exportedGPXReadsBackAsTheSamePoints() async throws {
        try await Fuzz.run("GPX export round trip") { generator, number in
            var time = Double.random(in: 0...4_000_000_000, using: &generator)
            let locations = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                time += Double.random(in: 0.001...100, using: &generator)
                return Location(
                    coordinate: Coordinate(
                        latitude: Double.random(in: -90...90, using: &generator), longitude: Double.random(in: -180...180, using: &generator)),
                    altitude: Double.random(in: -400...9000, using: &generator),
                    horizontalAccuracy: Double.random(in: 0...500, using: &generator),
                    verticalAccuracy: Bool.random(using: &generator) ? Double.random(in: 0...100, using: &generator) : -1,
                    speed: -1, course: -1, timestamp: Date(timeIntervalSince1970: time))
            }
            // The reader trims a name's white space; a name here starts and ends with a visible ASCII character.
            var name = generator.text(maxCount: 20)
            name.unicodeScalars.removeAll { $0 == "\0" }
            while let first = name.unicodeScalars.first, !(0x21...0x7E).contains(first.value) { name.unicodeScalars.removeFirst() }
            while let last = name.unicodeScalars.last, !(0x21...0x7E).contains(last.value) { name.unicodeScalars.removeLast() }
            let text = GPXWriter.header(name: name) + locations.map(GPXWriter.point).joined() + GPXWriter.footer
            let track = try TrackFile.parse(Data(text.utf8), source: "export.gpx", name: "fallback")
            let context = Comment(rawValue: Fuzz.label(number, text))
            Fuzz.expectBounded(track.points.count * 10, byInput: text.utf8.count, context)
            try #require(track.points.count == locations.count, context)
            #expect(track.name == (name.isEmpty ? "fallback" : name), context)
            for (point, location) in zip(track.points, locations) {
                #expect(abs(point.coordinate.latitude - location.coordinate.latitude) <= 1e-8, context)
                #expect(abs(point.coordinate.longitude - location.coordinate.longitude) <= 1e-8, context)
                #expect(abs(point.time - location.timestamp.timeIntervalSince1970) <= 0.0006, context)
                #expect(abs(point.horizontalAccuracy - location.horizontalAccuracy) <= 0.003, context)
            }
        }
    }

    private func check(_ input: [UInt8], number: Int) {
        let context = Comment(rawValue: Fuzz.label(number, input))
        do throws(TrackError) {
            let track = try TrackFile.parse(Data(input), source: "fuzz-\(number).route", name: "fuzz")
            #expect(!track.points.isEmpty, context)
            // No more points than the file has bytes for; the problems named each quote at most
            // their own line, and at most 100 are kept.
            Fuzz.expectBounded(track.points.count * 10, byInput: input.count, context)
            Fuzz.expectBounded(
                track.issues.reduce(0) { $0 + $1.message.utf8.count }, byInput: input.count, plus: TrackBuilder.issueLimit * 200, context)
            #expect(track.issues.count <= TrackBuilder.issueLimit && track.issues.count <= track.issueCount, context)
            #expect(track.issues.allSatisfy { !$0.message.isEmpty }, context)
            #expect(zip(track.points, track.points.dropFirst()).allSatisfy { $0.time < $1.time }, context)
            for point in track.points {
                #expect(TrackBuilder.problem(latitude: point.coordinate.latitude, longitude: point.coordinate.longitude) == nil, context)
                #expect(point.horizontalAccuracy.isFinite && point.horizontalAccuracy >= 0, context)
                #expect(point.time.isFinite && point.altitude?.isFinite != false, context)
            }
        } catch {
            #expect(error.description.hasPrefix("fuzz-\(number).route: "), context)
            Fuzz.expectBounded(error.description.utf8.count, byInput: input.count, plus: 500, context)
        }
    }
}
