import CTypeDiscovery

/// Finds the non-generic types in this executable that conform to a protocol, by reading the
/// conformance records the compiler emits. Previews are declared in a widget's source and referenced
/// by nothing (`PreviewProvider` types, the types `#Preview` expands to), so this is how the extension
/// finds them, as Xcode's preview agent and Swift Testing's discovery do.
///
/// The layouts read here are the Swift ABI's stable ones (`TargetProtocolConformanceDescriptor`,
/// `TargetContextDescriptor`, `TargetTypeContextDescriptor`); a record of any other shape is skipped.
enum ConformanceScanner {
    /// Types conforming to the protocol named `protocolName` declared in a module named one of
    /// `modules`, in the order the linker laid them out.
    static func conformingTypes(to protocolName: String, inModules modules: Set<String>) -> [Any.Type] {
        guard let start = widgethost_conformances_start(), let end = widgethost_conformances_end(), start < end else { return [] }
        var types: [Any.Type] = []
        var record = start
        // Names are compared as C strings: a Swift string per record would cost an extension's launch
        // an allocation for each of its thousands of conformances.
        protocolName.withCString { wanted in
            while record + 4 <= end {
                defer { record += 4 }
                let conformance = relative(record)
                guard let proto = protocolDescriptor(of: conformance),
                      equal(relative(proto + 8).assumingMemoryBound(to: CChar.self), wanted),
                      let module = moduleName(of: proto), modules.contains(module),
                      let type = conformingType(of: conformance) else { continue }
                types.append(type)
            }
        }
        return types
    }

    /// Whether two NUL-terminated strings are the same bytes.
    private static func equal(_ a: UnsafePointer<CChar>, _ b: UnsafePointer<CChar>) -> Bool {
        var i = 0
        while a[i] == b[i] {
            if a[i] == 0 { return true }
            i += 1
        }
        return false
    }

    /// Follows a 32-bit relative offset stored at `pointer`.
    private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer {
        pointer + Int(pointer.loadUnaligned(as: Int32.self))
    }

    /// A relative offset whose low bit marks an indirect reference (through a pointer-sized slot).
    private static func indirectable(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = Int(pointer.loadUnaligned(as: Int32.self))
        guard offset != 0 else { return nil }
        let target = pointer + (offset & ~1)
        return offset & 1 == 0 ? target : target.loadUnaligned(as: UnsafeRawPointer?.self)
    }

    private static func protocolDescriptor(of conformance: UnsafeRawPointer) -> UnsafeRawPointer? {
        indirectable(conformance)
    }

    /// A context descriptor's name: flags, parent, then the name (relative, to a C string).
    private static func name(of descriptor: UnsafeRawPointer) -> String {
        String(cString: relative(descriptor + 8).assumingMemoryBound(to: CChar.self))
    }

    /// The name of the module a descriptor is declared in (the root of its parent chain).
    private static func moduleName(of descriptor: UnsafeRawPointer) -> String? {
        var current = descriptor
        for _ in 0..<16 {
            guard let parent = indirectable(current + 4) else {
                // Kind 0 is a module.
                return current.loadUnaligned(as: UInt32.self) & 0x1F == 0 ? name(of: current) : nil
            }
            current = parent
        }
        return nil
    }

    /// The metatype of the conforming type, for a direct or indirect type descriptor of a
    /// non-generic class, struct or enum.
    private static func conformingType(of conformance: UnsafeRawPointer) -> Any.Type? {
        let flags = (conformance + 12).loadUnaligned(as: UInt32.self)
        let typeReference = conformance + 4
        let descriptor: UnsafeRawPointer
        switch (flags >> 3) & 0x7 {
        case 0: descriptor = relative(typeReference)
        case 1: guard let d = relative(typeReference).loadUnaligned(as: UnsafeRawPointer?.self) else { return nil }; descriptor = d
        default: return nil
        }
        let descriptorFlags = descriptor.loadUnaligned(as: UInt32.self)
        let kind = descriptorFlags & 0x1F
        guard (16...18).contains(kind), descriptorFlags & 0x80 == 0 else { return nil }
        // The metadata accessor of a non-generic type takes only the request and returns the metadata
        // first (in the C return register).
        typealias Accessor = @convention(c) (Int) -> UnsafeRawPointer?
        let accessor = unsafeBitCast(relative(descriptor + 12), to: Accessor.self)
        guard let metadata = accessor(0) else { return nil }
        return unsafeBitCast(metadata, to: Any.Type.self)
    }
}
