@testable import ByteCoding
import Testing

/// A format of its own, as the IPC messages and the `.timeline` files are: the reader's failures
/// arrive in its cases, at the offset where the read stopped.
private enum TestFormatError: ByteReadFailure, Equatable {
    case truncated(offset: Int, needed: Int)
    case malformedVarint(offset: Int)
    case invalidUTF8(offset: Int)
    case invalidValue(offset: Int, field: String, value: UInt64)
    case stringTooLong(offset: Int)
}

private typealias Reader = ByteReader<TestFormatError>

@Suite struct ByteCodingTests {
    @Test func whatIsWrittenReadsBack() throws {
        var w = ByteWriter()
        w.u8(7)
        w.bool(true)
        w.u16(0xBEEF)
        w.u32(0xDEAD_BEEF)
        w.u64(.max)
        w.varint(UInt64(300))
        w.varint(UInt64.max)
        w.f64(-2.5)
        w.inlineString("héllo")
        var r = Reader(w.bytes)
        #expect(try r.u8() == 7)
        #expect(try r.bool())
        #expect(try r.u16() == 0xBEEF)
        #expect(try r.u32() == 0xDEAD_BEEF)
        #expect(try r.u64() == .max)
        #expect(try r.varint() == 300)
        #expect(try r.varint() == .max)
        #expect(try r.f64("x") == -2.5)
        #expect(try r.inlineString(maxLength: 16) == "héllo")
        #expect(r.isAtEnd)
    }

    @Test func aVarintIsLittleEndianBase128() {
        var w = ByteWriter()
        w.varint(UInt64(300))
        #expect(w.bytes == [0xAC, 0x02])
        var header = ByteWriter()
        header.u32(0)
        header.u8(9)
        header.setU32(0x0403_0201, at: 0)
        #expect(header.bytes == [1, 2, 3, 4, 9], "a length known only at the end, written in place")
    }

    @Test func failuresNameTheirOffsetInTheFormatsOwnType() {
        var short = Reader([1, 2, 3])
        _ = try? short.u8()
        #expect(throws: TestFormatError.truncated(offset: 1, needed: 4)) { try short.u32() }
        var endless = Reader([UInt8](repeating: 0xFF, count: 11))
        #expect(throws: TestFormatError.malformedVarint(offset: 0)) { try endless.varint() }
        var tooBig = Reader([UInt8](repeating: 0xFF, count: 9) + [0x02])
        #expect(throws: TestFormatError.malformedVarint(offset: 0)) { try tooBig.varint() }
        var notBool = Reader([2])
        #expect(throws: TestFormatError.invalidValue(offset: 0, field: "bool", value: 2)) { try notBool.bool() }
        var nan = Reader(withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { Array($0) })
        #expect(throws: TestFormatError.invalidValue(offset: 0, field: "width", value: Double.nan.bitPattern)) { try nan.f64("width") }
        var long = Reader([5] + Array("hello".utf8))
        #expect(throws: TestFormatError.stringTooLong(offset: 0)) { try long.inlineString(maxLength: 4) }
        var broken = Reader([2, 0xC3, 0x28])
        #expect(throws: TestFormatError.invalidUTF8(offset: 1)) { try broken.inlineString(maxLength: 4) }
        var huge = Reader([0xFF, 0xFF, 0x03])
        #expect(throws: TestFormatError.invalidValue(offset: 0, field: "children", value: 65535)) { try huge.count(limit: 10, field: "children") }
        var enumByte = Reader([9])
        #expect(throws: TestFormatError.invalidValue(offset: 0, field: "align", value: 9)) { try enumByte.enumCode("align", cases: 3) }
        var window = Reader([1, 2, 3, 4], from: 1, end: 3)
        #expect(throws: TestFormatError.truncated(offset: 1, needed: 3)) { try window.bytes(3) }
    }

    @Test func checksumsMatchTheirPublishedCheckValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.update(CRC32.checksum(Array("1234".utf8)), Array("56789".utf8)) == 0xCBF4_3926, "continued in pieces")
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.continuing(FNV1a.hash("foo"), "bar") == FNV1a.hash("foobar"))
    }

    /// The definition, a bit at a time: what both the folded and the sliced loops must give.
    private func bitwiseCRC(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var c = ~crc
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    @Test func foldingAndSlicingAgreeWithTheDefinitionAtEveryLengthAndStart() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 24
        }
        let data = (0..<5000).map { _ in UInt8(truncatingIfNeeded: next()) }
        // Every length through several 64-byte strides and their 16-byte tails, from odd offsets (the
        // folding loads are unaligned), continued from a running CRC as PNG chunks continue theirs.
        for length in Array(0...300) + [1023, 1024, 1025, 4093, 4999] {
            let offset = Int(next() % 7)
            let slice = Array(data[offset..<min(data.count, offset + length)])
            let start = UInt32(truncatingIfNeeded: next())
            let expected = bitwiseCRC(start, slice)
            #expect(CRC32.update(start, slice) == expected, "length \(slice.count), offset \(offset)")
            let sliced = slice.withUnsafeBufferPointer { CRC32.bySlices(~start, $0) }
            #expect(sliced == expected, "sliced, length \(slice.count)")
        }
        #expect(CRC32.checksum([UInt8](repeating: 0, count: 64)) == bitwiseCRC(0, [UInt8](repeating: 0, count: 64)))
        #expect(CRC32.checksum([UInt8](repeating: 0xFF, count: 96)) == bitwiseCRC(0, [UInt8](repeating: 0xFF, count: 96)))
    }

    @Test func x86ProcessorsFoldWithTheCarrylessMultiply() {
        #if arch(x86_64)
        // Every x86-64 processor since 2010 has PCLMULQDQ; this one should, or the figures are not these.
        #expect(CRC32.foldsWithCarrylessMultiply)
        #else
        #expect(!CRC32.foldsWithCarrylessMultiply)
        #endif
    }
}
