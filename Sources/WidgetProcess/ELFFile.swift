import SystemCalls

/// What the dynamic loader reads of an executable or shared library before it runs: its
/// interpreter, the libraries it names, and where it says to look for them. 64-bit little-endian
/// ELF only (the machines this host runs on); read with a few bounded `pread`s, never whole.
struct ELFFile: Sendable {
    /// `e_machine`: a library is only a candidate for an object of the same machine.
    var machine: UInt16
    /// `PT_INTERP`: the dynamic loader the kernel starts first (nil: statically linked).
    var interpreter: String?
    /// `DT_NEEDED`, in order.
    var needed: [String] = []
    /// `DT_RPATH` and `DT_RUNPATH`, split at colons, tokens unexpanded.
    var rpath: [String] = []
    var runpath: [String] = []

    /// Nil when the file is not a 64-bit little-endian ELF object or its headers do not hold together.
    init?(path: String) {
        guard let fd = try? FileDescriptor.open(path, .readOnly) else { return nil }
        defer { fd.close() }
        guard let header = Self.read(fd, at: 0, count: 64), header.count == 64,
              header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46, header[4] == 2, header[5] == 1 else { return nil }
        machine = Self.u16(header, 18)
        let phoff = Self.u64(header, 32), phentsize = Int(Self.u16(header, 54)), phnum = Int(Self.u16(header, 56))
        guard phentsize >= 56, phnum <= 256,
              let table = Self.read(fd, at: phoff, count: phentsize * phnum), table.count == phentsize * phnum else { return nil }
        var loads: [(vaddr: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: UInt64, size: UInt64)?
        for i in 0..<phnum {
            let at = i * phentsize
            let type = Self.u32(table, at), offset = Self.u64(table, at + 8), vaddr = Self.u64(table, at + 16), size = Self.u64(table, at + 32)
            switch type {
            case 1: loads.append((vaddr, offset, size))
            case 2: dynamic = (offset, size)
            case 3:
                guard size < 4096, let bytes = Self.read(fd, at: offset, count: Int(size)) else { return nil }
                interpreter = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            default: break
            }
        }
        guard let dynamic else { return }
        guard dynamic.size < 1 << 20, let entries = Self.read(fd, at: dynamic.offset, count: Int(dynamic.size)) else { return nil }
        var strtab: UInt64?, strsz: UInt64 = 0
        var neededOffsets: [UInt64] = [], rpathOffset: UInt64?, runpathOffset: UInt64?
        for at in stride(from: 0, to: entries.count - 15, by: 16) {
            let tag = Self.u64(entries, at), value = Self.u64(entries, at + 8)
            switch tag {
            case 0: break
            case 1: neededOffsets.append(value)
            case 5: strtab = value
            case 10: strsz = value
            case 15: rpathOffset = value
            case 29: runpathOffset = value
            default: continue
            }
            if tag == 0 { break }
        }
        // DT_STRTAB is an address: the file offset is where a loaded segment puts it.
        guard let strtab, strsz < 16 << 20,
              let segment = loads.first(where: { strtab >= $0.vaddr && strtab < $0.vaddr + $0.size }),
              let strings = Self.read(fd, at: strtab - segment.vaddr + segment.offset, count: Int(strsz)) else { return nil }
        func string(_ offset: UInt64) -> String? {
            guard offset < UInt64(strings.count) else { return nil }
            return String(decoding: strings[Int(offset)...].prefix { $0 != 0 }, as: UTF8.self)
        }
        needed = neededOffsets.compactMap(string)
        rpath = rpathOffset.flatMap(string).map { $0.split(separator: ":").map(String.init) } ?? []
        runpath = runpathOffset.flatMap(string).map { $0.split(separator: ":").map(String.init) } ?? []
    }

    private static func read(_ fd: FileDescriptor, at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset < UInt64(Int64.max) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { try? fd.read(at: Int64(offset), into: $0) }
        return n == count ? bytes : nil
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * $1) } }
    private static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * $1) } }
}
