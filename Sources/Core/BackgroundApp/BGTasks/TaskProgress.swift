import BackgroundWire

/// How far a ``ContinuedProcessingTask`` has come (its `Progress`): units done out of a
/// total. A total of 0 is indeterminate.
@AppMain
public final class TaskProgress {
    /// The units the whole work has; 0 while unknown.
    public var totalUnitCount: Int64 = 0 {
        didSet { if totalUnitCount != oldValue { onChange?() } }
    }
    /// The units done so far.
    public var completedUnitCount: Int64 = 0 {
        didSet { if completedUnitCount != oldValue { onChange?() } }
    }

    /// Tells the task that owns it.
    var onChange: (@AppMain () -> Void)?

    /// The share of the work done, from 0 to 1; 0 while the total is unknown.
    public var fractionCompleted: Double {
        totalUnitCount > 0 ? min(1, Double(completedUnitCount) / Double(totalUnitCount)) : 0
    }
}
