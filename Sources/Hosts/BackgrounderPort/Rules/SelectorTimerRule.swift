import SwiftSyntax

/// `Timer.scheduledTimer(timeInterval: T, target: self, selector: #selector(tick), userInfo: nil,
/// repeats: R)`: `#selector` needs the Objective-C runtime. The block form fires the same way:
/// `Timer.scheduledTimer(withTimeInterval: T, repeats: R) { [self] _ in self.tick() }`, passing
/// the timer when `tick` takes one. The block holds the target strongly until the timer is
/// invalidated, as a timer holds its target (Apple's documentation of
/// `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`: "The timer maintains a
/// strong reference to target until it (the timer) is invalidated.").
///
/// A `userInfo` other than nil is noted: the app's `Timer` here has none to carry it.
final class SelectorTimerRule: PortRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.calledName == "scheduledTimer",
            node.argumentLabels == ["timeInterval", "target", "selector", "userInfo", "repeats"]
        else { return .visitChildren }
        let arguments = Array(node.arguments)
        guard let selector = SelectorReference(arguments[2].expression) else { return .visitChildren }
        guard arguments[3].expression.is(NilLiteralExprSyntax.self) else {
            note(node, "a timer with a userInfo: #selector needs the Objective-C runtime, and the app's Timer here (the block form) carries no userInfo")
            return .visitChildren
        }
        guard let target = arguments[1].expression.as(DeclReferenceExprSyntax.self), target.argumentNames == nil,
            node.trailingClosure == nil, let leftParen = node.leftParen, let rightParen = node.rightParen,
            let intervalLabel = arguments[0].label, let repeatsLabel = arguments[4].label
        else {
            note(node, "#selector needs the Objective-C runtime; port rewrites scheduledTimer(timeInterval:target:selector:userInfo:repeats:) only when its target is self or a variable")
            return .visitChildren
        }
        let name = target.baseName.text
        guard let call = selector.call(on: name, passing: "timer", methods: methods) else {
            note(node, "#selector(\(selector.baseName)) needs the Objective-C runtime, and port cannot tell which \(selector.baseName) it names")
            return .visitChildren
        }
        let parameter = selector.takesArgument(methods: methods) ? "timer" : "_"
        let rewritten = text(from: node.positionAfterSkippingLeadingTrivia, to: leftParen.endPositionBeforeTrailingTrivia)
            + "withTimeInterval" + text(from: intervalLabel.endPositionBeforeTrailingTrivia, to: arguments[0].expression.endPositionBeforeTrailingTrivia)
            + ", repeats" + text(from: repeatsLabel.endPositionBeforeTrailingTrivia, to: rightParen.endPositionBeforeTrailingTrivia)
            + " { [\(name)] \(parameter) in \(call) }"
        replace(
            node, with: rewritten,
            because: "#selector needs the Objective-C runtime: the block form of the same timer, which holds \(name) until it is "
                + "invalidated, as the timer held its target")
        return .skipChildren
    }
}
