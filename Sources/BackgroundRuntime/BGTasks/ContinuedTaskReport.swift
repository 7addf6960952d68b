/// What a continued processing task shows in its Live Activity, as the app last reported it.
struct ContinuedTaskReport: Sendable, Equatable, Codable {
    var title: String
    var subtitle: String
    var completedUnitCount: Int64
    var totalUnitCount: Int64

    /// The share done, from 0 to 1; 0 while the total is unknown.
    var fractionCompleted: Double {
        totalUnitCount > 0 ? min(1, Double(max(0, completedUnitCount)) / Double(totalUnitCount)) : 0
    }
}
