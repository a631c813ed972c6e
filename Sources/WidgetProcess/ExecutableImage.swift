import SystemCalls

/// What of an executable's own image `RLIMIT_DATA` counts: its writable loaded segments (`.data`,
/// `.bss`). A dynamically linked Swift extension has well under a megabyte there; one linked with
/// `-static-stdlib` carries the Swift runtime's and Foundation's tables (about 38 MB, most of it ICU's
/// data, never written) before it allocates anything, and under the 40 MiB limit it could not even
/// start a thread. The launcher sets the data limit to the extension's memory limit on top of this, so
/// the limit means the same for both builds: what the extension allocates, as iOS counts what an
/// extension dirties, not the size of its binary.
package enum ExecutableImage {
    /// The bytes of `path`'s writable `PT_LOAD` segments (their size in memory), read from its ELF
    /// program headers; 0 for a file that is not a 64-bit little-endian ELF executable or cannot be read.
    package static func writableSegmentBytes(of path: String) -> Int {
        // Non-blocking, and regular files only: a FIFO named as the executable must not hang the host.
        guard let file = try? FileDescriptor.open(path, [.readOnly, .nonBlocking]) else { return 0 }
        defer { file.close() }
        guard (try? file.status())?.kind == .regular else { return 0 }
        guard let header = read(file, at: 0, count: 64),
              header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46,  // "\x7FELF"
              header[4] == 2, header[5] == 1 else { return 0 }  // 64-bit, little-endian
        let tableOffset = little(header, 0x20, 8)
        let entrySize = little(header, 0x36, 2)
        let entries = little(header, 0x38, 2)
        guard entrySize >= 56, entries <= 512, tableOffset > 0, tableOffset < Int(Int32.max),
              let table = read(file, at: tableOffset, count: entrySize * entries) else { return 0 }
        var total = 0
        for i in 0..<entries {
            let entry = i * entrySize
            let type = little(table, entry, 4), flags = little(table, entry + 4, 4)
            guard type == 1, flags & 2 != 0 else { continue }  // PT_LOAD, PF_W
            let size = little(table, entry + 40, 8)  // p_memsz
            guard size >= 0, size < Int(Int32.max) else { return 0 }
            total += size
        }
        return total
    }

    private static func read(_ file: FileDescriptor, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { buffer in try? file.read(at: Int64(offset), into: buffer) }
        return got == count ? bytes : nil
    }

    /// An unsigned little-endian field; a value past `Int.max` (only in a hostile header) reads as -1.
    private static func little(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> Int {
        var value: UInt64 = 0
        for i in 0..<width { value |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        return value > UInt64(Int.max) ? -1 : Int(value)
    }
}
