/// The answer to ``LocationServiceCall/register``: the new manager's number, and what the app
/// may do now.
package struct ManagerRegistration: Codable, Sendable, Equatable {
    package let client: Int
    package let authorization: LocationAuthorizationState

    package init(client: Int, authorization: LocationAuthorizationState) {
        self.client = client
        self.authorization = authorization
    }
}
