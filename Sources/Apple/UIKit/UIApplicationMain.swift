import BackgroundRuntime
import Foundation

// `@UIApplicationMain` on an app delegate, as every Xcode template before Xcode 12 wrote it.
// The compiler synthesizes the program's main() as
//     return UIApplicationMain(argc, argv, nil, NSStringFromClass(AppDelegate.self))
// with UIApplicationMain looked up in the C module named UIKit (the CUIApplicationMain target's
// module map declares it) and NSStringFromClass called as a C function: these are the two.
// Without the C module the compiler crashes (swift-frontend, signal 11 in SILGen's
// emitArtificialTopLevel). In the Swift 6 language mode `@UIApplicationMain` is an error, as it
// is in Xcode: `@main` takes its place there.

/// Runs the app whose delegate class `delegateClassName` names (`Module.AppDelegate`), as
/// UIKit's `UIApplicationMain(_:_:_:_:)` does: the delegate's `@main` entry point, with the
/// command line every app on Backgrounder has. It does not return.
///
/// - precondition: the class is a `UIResponder` that adopts `UIApplicationDelegate`, as
///   Xcode's template delegate is.
public func UIApplicationMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ principalClassName: String?,
    _ delegateClassName: String?
) -> Int32 {
    guard let name = delegateClassName,
        let delegate = NSClassFromString(name) as? (UIResponder & UIApplicationDelegate).Type
    else {
        FileHandle.standardError.write(
            Data("UIApplicationMain: \(delegateClassName ?? "nil") names no class that is a UIResponder adopting UIApplicationDelegate\n".utf8))
        exit(1)
    }
    GlobalExecutorHooks.install()
    Task.detached {
        await runApplication(delegate)
        exit(0)
    }
    dispatchMain()
}

/// The delegate's `@main` entry point, with its type opened.
private func runApplication<Delegate: UIResponder & UIApplicationDelegate>(_ delegate: Delegate.Type) async {
    await Delegate.main()
}

/// The C `UIApplicationMain` that `@UIApplicationMain`'s synthesized main() calls, with the
/// delegate's class name as the `NSString` that ``classNameForApplicationMain(_:)`` made.
@_cdecl("UIApplicationMain")
func applicationMainForApplicationMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ principalClassName: UnsafeRawPointer?,
    _ delegateClassName: UnsafeRawPointer?
) -> Int32 {
    let name = delegateClassName.map { Unmanaged<NSString>.fromOpaque($0).takeUnretainedValue() as String }
    return UIApplicationMain(argc, argv, nil, name)
}

/// The C `NSStringFromClass` that `@UIApplicationMain`'s synthesized main() calls with the
/// delegate's class: its name as an `NSString` the caller does not own. It is made once per
/// process and kept alive, as an autoreleased string would be until main() returns.
@_cdecl("NSStringFromClass")
func classNameForApplicationMain(_ type: UnsafeRawPointer) -> UnsafeRawPointer {
    let name = NSString(string: NSStringFromClass(unsafeBitCast(type, to: AnyClass.self)))
    return UnsafeRawPointer(Unmanaged.passRetained(name).toOpaque())
}
