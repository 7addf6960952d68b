import SwiftSyntax

/// What needs the Objective-C runtime and has no small rewrite here: every `#selector` and
/// `#keyPath` the other rules did not rewrite (``SourcePort`` drops the notes of those they
/// did), with what stands in the way — `UIButton` here has no `addTarget(_:action:for:)` nor a
/// closure form (`UIAction`), the app's `Timer` has no unscheduled form to add to a run loop.
final class LeftAloneRule: PortRule {
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.macroName.text {
        case "selector":
            note(node, "\(text(of: node)) needs the Objective-C runtime; \(Self.obstacle(for: node))")
        case "keyPath":
            note(node, "\(text(of: node)) needs the Objective-C runtime (KVO's key paths)")
        default:
            break
        }
        return .visitChildren
    }

    /// Why the call that takes the selector cannot be rewritten.
    private static func obstacle(for selector: MacroExpansionExprSyntax) -> String {
        var ancestor = selector.parent
        while let current = ancestor, !current.is(FunctionCallExprSyntax.self) { ancestor = current.parent }
        guard let call = ancestor?.as(FunctionCallExprSyntax.self) else { return "port rewrites it only in observers and timers" }
        let labels = call.argumentLabels.map { "\($0 ?? "_"):" }.joined()
        switch (call.calledName, labels) {
        case ("addTarget", "_:action:for:"):
            return "UIButton here has no addTarget(_:action:for:) nor a closure form (UIAction) to take its place"
        case (_, "timeInterval:target:selector:userInfo:repeats:"):
            return "the app's Timer here has only scheduledTimer(withTimeInterval:repeats:block:), no timer to add to a run loop"
        default:
            return "port rewrites it only in NotificationCenter's addObserver(_:selector:name:object:) and Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)"
        }
    }
}
