/// nginx did not listen on its port in time.
struct NginxDidNotStart: Error {
    let port: Int
    let errorLog: String
}
