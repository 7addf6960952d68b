import Foundation
import Testing

@testable import TheBackgrounder

/// TheBackgrounder's launch environment, as it crosses to the app's own process.
@Suite("The app's launch environment")
struct AppEnvironmentTests {
    @Test(arguments: [URL(string: "http://127.0.0.1:8000/feed"), nil])
    func itsVariablesGiveItBack(fetchURL: URL?) {
        let environment = AppEnvironment(
            dataDirectory: URL(fileURLWithPath: "/tmp/data dir", isDirectory: true),
            newsstandURL: "http://127.0.0.1:8090/issues/the-backgrounder-2013.pdf", fetchURL: fetchURL)
        #expect(AppEnvironment(variables: environment.variables) == environment)
    }

    @Test func variablesWithoutADataDirectoryOrANewsstandURLOrWithABadFetchURLAreNone() {
        let environment = AppEnvironment(
            dataDirectory: URL(fileURLWithPath: "/tmp/data", isDirectory: true), newsstandURL: "http://127.0.0.1:8090/", fetchURL: nil)
        for key in environment.variables.keys {
            #expect(AppEnvironment(variables: environment.variables.filter { $0.key != key }) == nil, "without \(key)")
        }
        #expect(AppEnvironment(variables: environment.variables.merging(["BACKGROUNDER_FETCH_URL": ""]) { $1 }) == nil)
        #expect(AppEnvironment(variables: [:]) == nil)
    }
}
