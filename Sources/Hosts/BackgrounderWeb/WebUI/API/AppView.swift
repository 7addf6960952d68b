/// The app the page shows: its name (CFBundleName) and the tabs of its phone.
struct AppView: Encodable, Sendable {
    let name: String
    /// The screens the tab bar shows, by key; nil for every screen the app publishes.
    let tabs: [String]?
}
