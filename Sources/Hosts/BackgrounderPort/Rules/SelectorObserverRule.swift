import SwiftSyntax

/// `center.addObserver(self, selector: #selector(foo), name: N, object: O)`: `#selector` needs
/// the Objective-C runtime. The same center observes the same notification with a block:
/// `_ = center.addObserver(forName: N, object: O, queue: nil) { [weak self] _ in self?.foo() }`,
/// passing the notification when `foo` takes one. `queue: nil` runs the block on the posting
/// thread, as the selector was called.
///
/// What changes: `removeObserver(self)` (or with the name) no longer removes this observer,
/// whose token is dropped; `[weak self]` makes it do nothing once the observer is gone, as the
/// selector form did from iOS 9 (Foundation's release notes for OS X 10.11: "NSNotificationCenter
/// … will no longer send notifications to registered observers that may be deallocated").
final class SelectorObserverRule: PortRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.calledName == "addObserver", node.argumentLabels == [nil, "selector", "name", "object"] else { return .visitChildren }
        let arguments = Array(node.arguments)
        guard let selector = SelectorReference(arguments[1].expression) else { return .visitChildren }
        guard let observer = arguments[0].expression.as(DeclReferenceExprSyntax.self), observer.argumentNames == nil,
            node.isStatement, node.trailingClosure == nil, let leftParen = node.leftParen, let rightParen = node.rightParen,
            let nameLabel = arguments[2].label
        else {
            note(node, "#selector needs the Objective-C runtime; port rewrites addObserver(_:selector:name:object:) only as a statement whose observer is self or a variable")
            return .visitChildren
        }
        let name = observer.baseName.text
        guard let call = selector.call(on: "\(name)?", passing: "notification", methods: methods) else {
            note(node, "#selector(\(selector.baseName)) needs the Objective-C runtime, and port cannot tell which \(selector.baseName) it names")
            return .visitChildren
        }
        let parameter = selector.takesArgument(methods: methods) ? "notification" : "_"
        let objectEnd = arguments[3].expression.endPositionBeforeTrailingTrivia
        let rewritten = "_ = " + text(from: node.positionAfterSkippingLeadingTrivia, to: leftParen.endPositionBeforeTrailingTrivia)
            + "forName" + text(from: nameLabel.endPositionBeforeTrailingTrivia, to: objectEnd) + ", queue: nil"
            + text(from: objectEnd, to: rightParen.endPositionBeforeTrailingTrivia) + " { [weak \(name)] \(parameter) in \(call) }"
        replace(
            node, with: rewritten,
            because: "#selector needs the Objective-C runtime: the same notification, observed on the same center with a block "
                + "run on the posting thread (queue nil); removeObserver(\(name)) no longer removes it, and [weak \(name)] makes it "
                + "do nothing once \(name) is gone")
        return .skipChildren
    }
}
