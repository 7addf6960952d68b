/// What a continued processing task shows in its Live Activity, as the app last reported it.
package struct ContinuedTaskReport: Sendable, Equatable, Codable {
    package var title: String
    package var subtitle: String
    package var completedUnitCount: Int64
    package var totalUnitCount: Int64

    package init(title: String, subtitle: String, completedUnitCount: Int64, totalUnitCount: Int64) {
        self.title = title
        self.subtitle = subtitle
        self.completedUnitCount = completedUnitCount
        self.totalUnitCount = totalUnitCount
    }

    /// The share done, from 0 to 1; 0 while the total is unknown.
    package var fractionCompleted: Double {
        totalUnitCount > 0 ? min(1, Double(max(0, completedUnitCount)) / Double(totalUnitCount)) : 0
    }
}
