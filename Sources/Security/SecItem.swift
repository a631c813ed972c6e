import Foundation

// The Keychain's four functions, as apps call them:
//
//     var item: CFTypeRef?
//     let status = SecItemCopyMatching(query as CFDictionary, &item)
//     if status == errSecSuccess, let data = item as? Data { … }
//
// Each reads the query, works on the keychain file (see Keychain/Keychain.swift) and answers with
// Apple's status. Results are Foundation objects, as on Apple's platforms: `Data` alone, or a
// dictionary of attributes (`as? [String: Any]`), or with a match limit other than one, an array of
// either (`as? [[String: Any]]`). `@discardableResult` because C functions' results may be ignored
// (`SecItemDelete(query as CFDictionary)` before an add).

/// Adds an item; with `kSecReturnData`/`kSecReturnAttributes`, hands it back through `result`.
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SecItemCall.run { () throws(KeychainFailure) in
        let query = try KeychainQuery(attributes)
        let item = try Keychain.current.add(query)
        if let result, !query.returns.isEmpty { result.pointee = item.result(query.returns) }
    }
}

/// Finds items; hands back what the `kSecReturn…` keys ask for, as the match limit shapes it.
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    SecItemCall.run { () throws(KeychainFailure) in
        let search = try KeychainQuery(query)
        let found = try Keychain.current.copyMatching(search)
        guard let result, !search.returns.isEmpty else { return }
        if search.limit == .one {
            result.pointee = found.first?.result(search.returns)
        } else {
            result.pointee = NSArray(array: found.compactMap { $0.result(search.returns) })
        }
    }
}

/// Changes every item the query finds.
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    SecItemCall.run { () throws(KeychainFailure) in
        try Keychain.current.update(try KeychainQuery(query), with: try KeychainQuery(attributesToUpdate))
    }
}

/// Deletes every item the query finds.
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    SecItemCall.run { () throws(KeychainFailure) in
        try Keychain.current.delete(try KeychainQuery(query))
    }
}

/// A Keychain call's failure as its status, said once on standard error when the status alone does
/// not tell the developer why.
enum SecItemCall {
    static func run(_ body: () throws(KeychainFailure) -> Void) -> OSStatus {
        do {
            try body()
            return errSecSuccess
        } catch {
            if let notice = error.notice { SecurityDiagnostics.report(notice) }
            return error.status
        }
    }
}
