/// Calls `body` with `strings` as a NULL-terminated array of C strings (an `argv`, an `envp`, a list of
/// header lines), each copied for the length of the call.
public func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { string in
        let bytes = string.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
        return copy
    }
    pointers.append(nil)
    defer { for p in pointers { p?.deallocate() } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
