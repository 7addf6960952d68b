@testable import BackgrounderWeb
import Testing

@Suite("The remote console's protocol parts")
struct ProtocolPartsTests {
    @Test func theHandshakeReadsPairAndRecent() throws {
        #expect(try ConsoleHandshake(parsing: "PAIR abc") == ConsoleHandshake(token: "abc"))
        #expect(try ConsoleHandshake(parsing: "PAIR abc RECENT 20") == ConsoleHandshake(token: "abc", recent: 20))
        #expect(ConsoleHandshake(token: "abc", recent: 20).line == "PAIR abc RECENT 20")
        #expect(ConsoleHandshake(token: "abc").line == "PAIR abc")
    }

    @Test(arguments: ["", "PAIR", "pair abc", "HELLO abc", "PAIR abc RECENT", "PAIR abc RECENT -1", "PAIR abc RECENT 10001", "PAIR abc LATER 5", "PAIR a b c d e"])
    func aBadHandshakeSaysWhatWasExpected(line: String) {
        #expect(throws: ConsoleProtocolError.self) { try ConsoleHandshake(parsing: line) }
    }

    @Test func listenAddressesReadHostAndPort() throws {
        #expect(try ListenAddress(parsing: "0.0.0.0", defaultPort: 8082) == ListenAddress(host: "0.0.0.0", port: 8082))
        #expect(try ListenAddress(parsing: "192.168.1.5:9000", defaultPort: 8082) == ListenAddress(host: "192.168.1.5", port: 9000))
        #expect(try ListenAddress(parsing: "[::1]:9000", defaultPort: 8082) == ListenAddress(host: "::1", port: 9000))
        #expect(try ListenAddress(parsing: "[::]", defaultPort: 8082) == ListenAddress(host: "::", port: 8082))
        #expect(try ListenAddress(parsing: "::1", defaultPort: 8082) == ListenAddress(host: "::1", port: 8082))
        #expect(try ListenAddress(parsing: "localhost:1", defaultPort: 8082).description == "localhost:1")
        #expect(ListenAddress(host: "::1", port: 8082).description == "[::1]:8082")
    }

    @Test func portZeroAsksForAFreePort() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:0", defaultPort: 8082) == ListenAddress(host: "127.0.0.1", port: 0))
        #expect(try ListenAddress(parsing: "[::1]:0", defaultPort: 8082) == ListenAddress(host: "::1", port: 0))
        // An IPv6 address without brackets that ends in :0 is a host, on the default port.
        #expect(try ListenAddress(parsing: "fe80::1:0", defaultPort: 8082) == ListenAddress(host: "fe80::1:0", port: 8082))
    }

    @Test(arguments: ["", ":8082", ":0", "host:", "host:65536", "host:http", "[::1", "[::1]8082", "a b:1"])
    func aBadListenAddressIsRefused(text: String) {
        #expect(throws: ListenAddressError.self) { try ListenAddress(parsing: text, defaultPort: 8082) }
    }
}
