import Foundation

// Shared web credentials (Safari's saved passwords for the app's domains): there is no Safari here.
// Adding and requesting answer `errSecUnimplemented` through their completion; generating a password
// works, in Apple's form.

public func SecAddSharedWebCredential(_ fqdn: CFString, _ account: CFString, _ password: CFString?, _ completionHandler: @escaping (CFError?) -> Void) {
    let error = SecurityError.unimplemented("shared web credentials are not kept here (SecAddSharedWebCredential)")
    let handler = CompletionHandler(completionHandler)
    DispatchQueue.global().async { handler.call(error) }
}

@available(*, deprecated, message: "Use ASAuthorizationController")
public func SecRequestSharedWebCredential(_ fqdn: CFString?, _ account: CFString?, _ completionHandler: @escaping (CFArray?, CFError?) -> Void) {
    let error = SecurityError.unimplemented("shared web credentials are not kept here (SecRequestSharedWebCredential)")
    let handler = CompletionHandler { (error: CFError?) in completionHandler(nil, error) }
    DispatchQueue.global().async { handler.call(error) }
}

/// A completion handler called on another queue, as Apple's calls it: apps pass closures that are
/// not `Sendable` (they capture their own completion), and each is called once.
private struct CompletionHandler: @unchecked Sendable {
    let call: (CFError?) -> Void
    init(_ call: @escaping (CFError?) -> Void) { self.call = call }
}

/// A strong password as Safari suggests them: four groups of three characters joined by hyphens,
/// drawn from lowercase, uppercase and digits without look-alikes, with at least one of each.
public func SecCreateSharedWebCredentialPassword() -> CFString? {
    let lower = Array("abcdefghkmnopqrstuvwxy"), upper = Array("ABCDEFGHJKLMNPQRSTUVWXYZ"), digits = Array("3456789")
    let all = lower + upper + digits
    var generator = SystemRandomNumberGenerator()
    while true {
        let characters = (0..<12).compactMap { _ in all.randomElement(using: &generator) }
        guard characters.contains(where: lower.contains), characters.contains(where: upper.contains), characters.contains(where: digits.contains) else {
            continue
        }
        let groups = stride(from: 0, to: 12, by: 3).map { String(characters[$0..<$0 + 3]) }
        return NSString(string: groups.joined(separator: "-"))
    }
}
