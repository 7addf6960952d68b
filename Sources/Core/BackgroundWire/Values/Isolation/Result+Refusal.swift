extension Result where Success == Void {
    /// Why it failed, for the answers that carry a refusal; nil when it succeeded.
    package var refusal: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
