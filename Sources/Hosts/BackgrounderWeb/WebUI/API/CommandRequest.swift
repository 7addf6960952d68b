/// `POST /api/command`'s body.
struct CommandRequest: Decodable {
    let line: String
}
