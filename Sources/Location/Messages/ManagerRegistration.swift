/// The answer to ``LocationServiceCall/register``: the new manager's number, and what the app
/// may do now.
struct ManagerRegistration: Codable, Sendable, Equatable {
    let client: Int
    let authorization: LocationAuthorizationState
}
