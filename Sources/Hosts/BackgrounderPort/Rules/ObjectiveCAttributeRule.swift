import SwiftSyntax

/// `@IBOutlet`, `@objc` (with or without a name) and `@objcMembers`, which Swift on Linux
/// rejects: `@objc` with "Objective-C interoperability is disabled", `@IBOutlet` because its
/// type is no `@objc` class. The attribute goes; the declaration (`weak`, the `!`, `dynamic`,
/// the rest) stays. `@IBAction`, `@IBInspectable`, `@IBDesignable` and `dynamic` build on Linux
/// and are left alone.
///
/// A protocol with `optional` requirements keeps its `@objc`: optional requirements exist only
/// in `@objc` protocols, and making them required changes every conformance, so it is noted.
final class ObjectiveCAttributeRule: PortRule {
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text else { return .skipChildren }
        switch name {
        case "IBOutlet":
            remove(
                node,
                because: "@IBOutlet needs the Objective-C runtime (Interface Builder connects outlets through it), "
                    + "and Swift on Linux rejects it on a type that is not an @objc class: removed the attribute; the property is as it was")
        case "objc", "objcMembers":
            if let proto = protocolWithOptionalRequirements(around: node) {
                if node.parent?.parent?.is(ProtocolDeclSyntax.self) ?? false {
                    note(
                        node,
                        "@objc on protocol \(proto.name.text), whose optional requirements need the Objective-C runtime; "
                            + "make them required with a default implementation in an extension")
                }
            } else {
                remove(
                    node,
                    because: "@\(name) needs the Objective-C runtime (\"Objective-C interoperability is disabled\" on Linux): "
                        + "removed the attribute; Swift code calls the declaration as before")
            }
        default:
            break
        }
        return .skipChildren
    }

    /// The protocol `node` is on or inside, if it has `optional` requirements.
    private func protocolWithOptionalRequirements(around node: AttributeSyntax) -> ProtocolDeclSyntax? {
        var ancestor = node.parent
        while let current = ancestor, !current.is(ProtocolDeclSyntax.self) { ancestor = current.parent }
        guard let proto = ancestor?.as(ProtocolDeclSyntax.self) else { return nil }
        let hasOptional = proto.memberBlock.members.contains { member in
            member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.optional) } ?? false
        }
        return hasOptional ? proto : nil
    }
}
