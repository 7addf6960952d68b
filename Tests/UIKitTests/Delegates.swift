import UIKit

/// The delegates a device made, one per launch, kept for the test to read on the main actor.
@MainActor
final class Delegates {
    private(set) var all: [RestoringDelegate] = []
    func append(_ delegate: RestoringDelegate) { all.append(delegate) }
    var last: RestoringDelegate? { all.last }
}
