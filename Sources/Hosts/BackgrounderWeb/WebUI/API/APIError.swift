/// The body of a refused API request.
struct APIError: Encodable {
    let error: String
}
