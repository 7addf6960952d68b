/// The server ended before saying where it listens.
struct ServerDidNotStart: Error {
    let output: String
}
