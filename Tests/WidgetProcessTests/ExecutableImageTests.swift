import Foundation
import HostTestSupport
import SystemCalls
@testable import WidgetProcess
import XCTest

/// The data limit counts what an extension allocates, not its binary: the executable's writable
/// segments are read from its ELF program headers and added to the limit.
final class ExecutableImageTests: XCTestCase {
    /// A 64-bit little-endian ELF header with `segments` (type, flags, size in memory) as its table.
    private func elf(_ segments: [(type: UInt32, flags: UInt32, memorySize: UInt64)]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        func put(_ value: UInt64, at offset: Int, width: Int, in array: inout [UInt8]) {
            for i in 0..<width { array[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * i)) }
        }
        put(64, at: 0x20, width: 8, in: &bytes)  // e_phoff
        put(56, at: 0x36, width: 2, in: &bytes)  // e_phentsize
        put(UInt64(segments.count), at: 0x38, width: 2, in: &bytes)
        for segment in segments {
            var entry = [UInt8](repeating: 0, count: 56)
            put(UInt64(segment.type), at: 0, width: 4, in: &entry)
            put(UInt64(segment.flags), at: 4, width: 4, in: &entry)
            put(segment.memorySize / 2, at: 32, width: 8, in: &entry)  // p_filesz: .bss is not in the file
            put(segment.memorySize, at: 40, width: 8, in: &entry)
            bytes += entry
        }
        return bytes
    }

    private func file(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = try temporaryDirectory(self).appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testOnlyWritableLoadedSegmentsCountAtTheirSizeInMemory() throws {
        let path = try file(elf([
            (type: 1, flags: 5, memorySize: 0x9000),    // PT_LOAD, read + execute: the code
            (type: 1, flags: 6, memorySize: 0x5000),    // PT_LOAD, read + write: .data and .bss
            (type: 2, flags: 6, memorySize: 0x300),     // PT_DYNAMIC, writable but inside the load above
            (type: 1, flags: 6, memorySize: 0x2_0000),  // a second writable load
        ]), "image")
        XCTAssertEqual(ExecutableImage.writableSegmentBytes(of: path), 0x2_5000)
    }

    func testWhatIsNotAnELFExecutableCountsNothing() throws {
        var bigEndian = elf([(type: 1, flags: 6, memorySize: 0x5000)])
        bigEndian[5] = 2
        var truncatedTable = elf([(type: 1, flags: 6, memorySize: 0x5000)])
        truncatedTable.removeLast(8)
        var absurdCount = elf([])
        absurdCount[0x38] = 0xFF
        absurdCount[0x39] = 0xFF
        for (bytes, name) in [(Array("#!/bin/sh\necho hi\n".utf8), "script"), (Array(elf([]).prefix(40)), "short"),
                              (bigEndian, "big-endian"), (truncatedTable, "truncated"), (absurdCount, "absurd")] {
            XCTAssertEqual(ExecutableImage.writableSegmentBytes(of: try file(bytes, name)), 0, name)
        }
        let dir = try temporaryDirectory(self).path
        XCTAssertEqual(ExecutableImage.writableSegmentBytes(of: dir + "/missing"), 0)
        XCTAssertEqual(ExecutableImage.writableSegmentBytes(of: dir), 0)
        // A FIFO is neither read nor waited on.
        let fifo = dir + "/fifo"
        try FileSystem.makeFIFO(fifo)
        XCTAssertEqual(ExecutableImage.writableSegmentBytes(of: fifo), 0)
    }

    /// A real launch: the child's `RLIMIT_DATA`, as `/proc` shows it, is the memory limit plus its
    /// executable's writable image.
    func testTheDataLimitIsTheMemoryLimitOnTopOfTheExecutablesImage() throws {
        let executable = "/bin/sleep"
        let image = ExecutableImage.writableSegmentBytes(of: executable)
        XCTAssertGreaterThan(image, 0, "a dynamically linked program has a writable segment")
        var spec = LaunchSpec(executable: executable, arguments: ["30"])
        spec.memoryLimit = 8 << 20
        let process = try PosixProcessLauncher(sandbox: .none).launch(spec)
        defer { process.kill() }
        let limits = try String(contentsOfFile: "/proc/\(process.pid)/limits", encoding: .utf8)
        let line = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max data size") })
        let soft = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first
        XCTAssertEqual(soft.flatMap { Int($0) }, (8 << 20) + image, String(line))
    }
}
