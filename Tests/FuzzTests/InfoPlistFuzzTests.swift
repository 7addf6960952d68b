import BackgroundRuntime
import Foundation
import Testing

/// Info.plists mutated from the app's own, and well-formed ones whose keys hold values of
/// every type: the keys read, or an error naming the file (and the key when it is one).
@Suite("Fuzz: Info.plist")
struct InfoPlistFuzzTests {
    @Test func mutatedInfoPlistsGiveTheKeysOrAnErrorNamingTheFile() async {
        await Fuzz.run("Info.plist") { generator, number in
            let input = generator.input(from: [FuzzSamples.infoPlist], maxCount: 4096)
            let context = Comment(rawValue: Fuzz.label(number, input))
            do throws(InfoPlistError) {
                let plist = try InfoPlist(data: Data(input), source: "fuzz-\(number).plist")
                #expect(plist.source == "fuzz-\(number).plist", context)
                Fuzz.expectBounded(plist.ignoredBackgroundModes.count + plist.backgroundModes.count, byInput: input.count, context)
                Fuzz.expectBounded(plist.bundleName.utf8.count, byInput: input.count, plus: 16, context)
            } catch {
                #expect(error.description.hasPrefix("fuzz-\(number).plist: ") && error.description.count > 20, context)
                Fuzz.expectBounded(error.description.utf8.count, byInput: input.count, plus: 500, context)
            }
        }
    }

    @Test func aKeyOfTheWrongTypeIsNamed() async throws {
        let keys = [
            "CFBundleName", "CFBundleIdentifier", "UIBackgroundModes", "UINewsstandApp", "NSLocationAlwaysUsageDescription",
            "BGTaskSchedulerPermittedIdentifiers",
        ]
        try await Fuzz.run("Info.plist values") { generator, number in
            var dictionary: [String: Any] = [:]
            for key in keys where Bool.random(using: &generator) {
                dictionary[key] = randomValue(&generator, depth: 0)
            }
            let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
            let context = Comment(rawValue: Fuzz.label(number, Array(data)))
            do throws(InfoPlistError) {
                let plist = try InfoPlist(data: data, source: "values.plist")
                Fuzz.expectBounded(plist.bundleName.utf8.count, byInput: data.count, plus: 16, context)
                #expect(plist.bundleName == (dictionary["CFBundleName"] as? String ?? "TheBackgrounder"), context)
            } catch {
                Fuzz.expectBounded(error.description.utf8.count, byInput: data.count, plus: 500, context)
                guard case .wrongType(let file, let key, _) = error else {
                    Issue.record("not a wrong type: \(error); \(context)")
                    return
                }
                #expect(file == "values.plist" && keys.contains(key) && error.description.contains(key), context)
            }
        }
    }

    private func randomValue(_ generator: inout FuzzGenerator, depth: Int) -> Any {
        switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &generator) {
        // XML turns a CR into a line feed and Foundation drops a leading BOM: not what is tested here.
        case 0: String(generator.text(maxCount: 12).unicodeScalars.filter { !["\0", "\r", "\u{FEFF}"].contains($0) })
        case 1: Bool.random(using: &generator)
        case 2: Int.random(in: .min ... .max, using: &generator)
        case 3: Double.random(in: -1e300...1e300, using: &generator)
        case 4: Data(generator.bytes(maxCount: 8))
        case 5: (0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) }
        default: ["k": randomValue(&generator, depth: depth + 1)]
        }
    }
}
