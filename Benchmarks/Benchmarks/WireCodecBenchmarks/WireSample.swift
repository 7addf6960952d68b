import Foundation

/// The messages the benchmarks code: shaped like the app's calls and the location service's
/// batches.
enum WireSample {
    /// A call with a few Strings and Ints, as `beginBackgroundTask` makes one.
    enum Call: Codable, Equatable {
        case beginAssertion(name: String?, hasExpirationHandler: Bool, fileID: String, line: Int, launch: Int)
        case endAssertion(identifier: Int, fileID: String, line: Int, launch: Int)
        case log(message: String)
    }

    /// A location fix as the location service sends one.
    struct Fix: Codable, Equatable {
        var latitude: Double
        var longitude: Double
        var altitude: Double
        var horizontalAccuracy: Double
        var verticalAccuracy: Double
        var speed: Double
        var course: Double
        var timestamp: Date
        var source: String?
    }

    static let call = Call.beginAssertion(
        name: "Fibonacci", hasExpirationHandler: true, fileID: "TheBackgrounder/WhateverScreen.swift", line: 42, launch: 1)

    /// 100 fixes along a road, one a second; every third has no source.
    static let fixes: [Fix] = (0..<100).map { index in
        let step = Double(index) * 1e-5
        return Fix(
            latitude: 37.33 + step, longitude: -122.03 - step, altitude: 12.5, horizontalAccuracy: 5, verticalAccuracy: 8,
            speed: 7.74, course: 246.09, timestamp: Date(timeIntervalSinceReferenceDate: 785_000_000 + Double(index)),
            source: index % 3 == 0 ? nil : "gpsd")
    }
}
