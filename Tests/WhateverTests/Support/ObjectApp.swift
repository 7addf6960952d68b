import BackgroundRuntime
import Foundation
import Whatever

/// An app whose delegate holds one object under test — a screen, a queue — made at each launch.
@AppMain
final class ObjectApp<Object>: ApplicationDelegate {
    let object: Object

    init(object: Object) {
        self.object = object
    }
}

/// A manual device under the rules of iOS `version` whose app holds what `make` makes.
func makeDevice<Object>(
    iOS version: Int = 10, storage: URL? = nil, making make: @escaping @AppMain @Sendable (Application) -> Object
) -> TestDevice {
    TestDevice(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: InfoPlist(permittedTaskIdentifiers: [ContinuedComputation.identifierPattern]),
        storageDirectory: storage
    ) { application in
        ObjectApp(object: make(application))
    }
}

extension TestDevice {
    /// Runs `body` with the app's object; nil if the app's code cannot run now.
    @discardableResult
    func with<Object, T: Sendable>(_ type: Object.Type, _ body: @escaping @AppMain @Sendable (Object) -> T) -> T? {
        perform { application in body((application.delegate as! ObjectApp<Object>).object) }
    }
}
