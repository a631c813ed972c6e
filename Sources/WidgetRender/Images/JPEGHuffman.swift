// Huffman entropy decoding (ITU T.81 annexes B.2.3, C, F.2 and G.1.2): the tables DHT defines, a bit
// reader over a scan's entropy-coded data (byte stuffing undone, stopping at markers), and the scans
// themselves: which components a scan codes, in what order its blocks come, and how each block's
// coefficients are coded, sequentially or as one progressive pass.

extension JPEGDecoder {
    /// One Huffman table. Codes up to `fastBits` long are found with a single table lookup on the next
    /// bits; longer ones (rare in practice) by the canonical-code comparison of T.81 figure F.16.
    /// A class, so that the scan decoder holds it by one reference instead of copying four arrays
    /// per block.
    final class HuffmanTable: Sendable {
        static let fastBits = 9

        /// Indexed by the next `fastBits` bits: `length << 8 | symbol`, or 0 when the code is longer.
        let fast: [UInt16]
        /// Per code length 1...16 (index 0 unused): the largest code of that length, or -1 when none.
        let maxCode: [Int]
        /// Per code length: what to add to a code of that length to get its index in `symbols`.
        let symbolOffset: [Int]
        let symbols: [UInt8]

        /// Builds the table from DHT's sixteen code counts and its symbols, in order of increasing code
        /// length. Nil when the counts claim more codes than a prefix code of those lengths can have,
        /// which no encoder writes: such a table would make the lookups below read past their codes.
        init?(counts: [Int], symbols: [UInt8]) {
            guard counts.count == 16, counts.reduce(0, +) == symbols.count, symbols.count <= 256 else { return nil }
            var fast = [UInt16](repeating: 0, count: 1 << Self.fastBits)
            var maxCode = [Int](repeating: -1, count: 17), symbolOffset = [Int](repeating: 0, count: 17)
            var code = 0, index = 0
            for length in 1...16 {
                let count = counts[length - 1]
                symbolOffset[length] = index - code
                for _ in 0..<count {
                    guard code < 1 << length else { return nil }
                    if length <= Self.fastBits { Self.fill(&fast, code: code, length: length, symbol: symbols[index]) }
                    code += 1
                    index += 1
                }
                maxCode[length] = count == 0 ? -1 : code - 1
                code <<= 1
            }
            self.fast = fast
            self.maxCode = maxCode
            self.symbolOffset = symbolOffset
            self.symbols = symbols
        }

        /// Every `fastBits`-bit pattern that starts with `code` decodes to `symbol`.
        private static func fill(_ fast: inout [UInt16], code: Int, length: Int, symbol: UInt8) {
            let spare = fastBits - length
            let first = code << spare
            for pattern in first..<(first + (1 << spare)) {
                fast[pattern] = UInt16(length << 8) | UInt16(symbol)
            }
        }
    }

    /// Reads a scan's entropy-coded data most significant bit first, 64 bits at a time.
    ///
    /// The data ends at `end` (where the marker after the scan starts). Inside it, `FF 00` is a stuffed
    /// `FF` data byte, and any other `FF xx` is a marker: the reader stops before it and supplies zero
    /// bits from then on, so that decoding always moves forward. It goes past a restart marker only
    /// when told to (`restart()`), at the MCU count where one is due. Zero bits after the data (`overrun`)
    /// mean the data was cut short or corrupt; callers use that to stop decoding rather than spin on
    /// made-up zeros.
    struct BitReader {
        private let bytes: [UInt8]
        private let end: Int
        private(set) var position: Int
        /// The next bits, left-aligned: bit 63 is the next one read.
        private var buffer: UInt64 = 0
        private var bitCount = 0
        /// Zero bytes supplied in place of data since the reader stopped at a marker or the end.
        private var paddingBytes = 0

        init(bytes: [UInt8], start: Int, end: Int) {
            self.bytes = bytes
            self.position = start
            self.end = min(end, bytes.count)
        }

        /// Whether decoding has used bits that were never in the data.
        var overrun: Bool { paddingBytes * 8 > bitCount }

        /// Tops the buffer up to at least 57 bits.
        private mutating func refill() {
            while bitCount <= 56 {
                var byte: UInt8 = 0
                if position < end, bytes[position] != 0xFF {
                    byte = bytes[position]
                    position += 1
                } else if position + 1 < end, bytes[position + 1] == 0x00 {
                    byte = 0xFF
                    position += 2
                } else {
                    paddingBytes += 1
                }
                buffer |= UInt64(byte) << UInt64(56 - bitCount)
                bitCount += 8
            }
        }

        private mutating func consume(_ count: Int) {
            buffer <<= UInt64(count)
            bitCount -= count
        }

        /// The next Huffman-coded symbol, or nil when the bits match no code of `table`.
        mutating func decode(_ table: HuffmanTable) -> Int? {
            if bitCount < 32 { refill() }
            let entry = Int(table.fast[Int(buffer >> UInt64(64 - HuffmanTable.fastBits))])
            if entry != 0 {
                consume(entry >> 8)
                return entry & 0xFF
            }
            for length in (HuffmanTable.fastBits + 1)...16 {
                let code = Int(buffer >> UInt64(64 - length))
                if code <= table.maxCode[length] {
                    consume(length)
                    let index = code + table.symbolOffset[length]
                    return index >= 0 && index < table.symbols.count ? Int(table.symbols[index]) : nil
                }
            }
            return nil
        }

        /// `count` (0...16) raw bits as an unsigned number. `decode` leaves at least 16 bits buffered, so
        /// a value that follows its symbol needs no refill check; a lone read refills.
        mutating func bits(_ count: Int) -> Int {
            guard count > 0 else { return 0 }
            if bitCount < count { refill() }
            let value = Int(buffer >> UInt64(64 - count))
            consume(count)
            return value
        }

        /// `count` (1...16) bits as a signed magnitude-category value (T.81 F.2.2.1, EXTEND): the top half
        /// of the range is positive as written, the bottom half stands for the negative values.
        mutating func signed(_ count: Int) -> Int {
            let value = bits(count)
            return value < 1 << (count - 1) ? value - (1 << count) + 1 : value
        }

        /// Moves past the next restart marker (RST0–RST7), dropping the bits before it, which are fill.
        /// When the data holds none before its end, the reader stays at the end and reads zeros.
        mutating func restart() {
            buffer = 0
            bitCount = 0
            paddingBytes = 0
            var index = position
            while index + 1 < end {
                if bytes[index] == 0xFF, (0xD0...0xD7).contains(bytes[index + 1]) {
                    position = index + 2
                    return
                }
                index += 1
            }
            position = end
        }
    }
}

extension JPEGDecoder {
    /// A scan header, checked against the frame and the tables defined so far.
    struct Scan {
        /// A component the scan codes: its index in the frame and the tables its blocks use.
        struct Member {
            let index: Int
            let dc: HuffmanTable?
            let ac: HuffmanTable?
        }

        /// What the scan's entropy-coded data holds for each block.
        enum Kind {
            /// All 64 coefficients (baseline and extended sequential).
            case sequential
            /// Progressive DC: the first bits of the DC coefficient, or one more bit of it.
            case dcFirst, dcRefine
            /// Progressive AC: the first bits of a spectral band, or one more bit of each of its values.
            case acFirst, acRefine
        }

        let members: [Member]
        let kind: Kind
        /// First and last coefficient (zigzag index) of a progressive scan's band.
        let spectralStart: Int, spectralEnd: Int
        /// Progressive: the bit position (Al) the scan's values are shifted to.
        let bitPosition: Int

        init(_ bytes: [UInt8], body: Range<Int>, frame: Frame, dcTables: [HuffmanTable?], acTables: [HuffmanTable?]) throws(Failure) {
            let at = body.lowerBound
            let count = body.isEmpty ? 0 : Int(bytes[at])
            guard (1...4).contains(count), body.count >= 1 + 2 * count + 3 else { throw .malformed(offset: at, reason: "scan header") }
            let parameters = at + 1 + 2 * count
            let start = Int(bytes[parameters]), end = Int(bytes[parameters + 1])
            let high = Int(bytes[parameters + 2] >> 4), low = Int(bytes[parameters + 2] & 15)
            let kind = try Self.kind(frame: frame, count: count, start: start, end: end, high: high, low: low, at: parameters)

            var members: [Member] = []
            for slot in 0..<count {
                let p = at + 1 + 2 * slot
                guard let index = frame.components.firstIndex(where: { $0.id == bytes[p] }), !members.contains(where: { $0.index == index }) else {
                    throw .malformed(offset: p, reason: "scan names component \(bytes[p]), which the frame lacks or the scan repeats")
                }
                let dcID = Int(bytes[p + 1] >> 4), acID = Int(bytes[p + 1] & 15)
                let dc = dcID < 4 ? dcTables[dcID] : nil, ac = acID < 4 ? acTables[acID] : nil
                let needsDC = kind == .sequential || kind == .dcFirst, needsAC = kind == .sequential || kind == .acFirst || kind == .acRefine
                guard !needsDC || dc != nil, !needsAC || ac != nil else { throw .malformed(offset: p + 1, reason: "scan uses an undefined Huffman table") }
                members.append(Member(index: index, dc: dc, ac: ac))
            }
            let blocksPerMCU = members.reduce(0) { $0 + frame.components[$1.index].h * frame.components[$1.index].v }
            guard count == 1 || blocksPerMCU <= 10 else { throw .malformed(offset: at, reason: "\(blocksPerMCU) blocks per MCU") }
            self.members = members
            self.kind = kind
            self.spectralStart = frame.progressive ? start : 0
            self.spectralEnd = frame.progressive ? end : 63
            self.bitPosition = frame.progressive ? low : 0
        }

        /// Sequential scans always code whole blocks (their Ss/Se/Ah/Al are ignored, as libjpeg does);
        /// progressive parameters are checked against G.1.1.1.1, since the band limits index blocks.
        private static func kind(frame: Frame, count: Int, start: Int, end: Int, high: Int, low: Int, at: Int) throws(Failure) -> Kind {
            guard frame.progressive else { return .sequential }
            guard start <= end, end <= 63, high <= 13, low <= 13 else {
                throw .malformed(offset: at, reason: "progressive parameters Ss \(start) Se \(end) Ah \(high) Al \(low)")
            }
            if start == 0 {
                guard end == 0 else { throw .malformed(offset: at, reason: "DC scan with AC coefficients") }
                return high == 0 ? .dcFirst : .dcRefine
            }
            guard count == 1 else { throw .malformed(offset: at, reason: "interleaved AC scan") }
            return high == 0 ? .acFirst : .acRefine
        }
    }

    /// Decodes one scan's entropy-coded data into the components' samples (sequential) or coefficients
    /// (progressive).
    struct ScanDecoder {
        let scan: Scan
        let frame: Frame
        let restartInterval: Int
        var reader: BitReader
        /// The DC value of the previous block of each scan member (DC is coded as a difference).
        private var predictions = [Int](repeating: 0, count: 4)
        /// Progressive AC: blocks still to pass over as all-zero (first) or refine-only (refinement).
        private var endOfBandRun = 0
        /// Sequential: the block being decoded, in natural order, and the IDCT's working space.
        private var block = [Int16](repeating: 0, count: 64)
        private var workspace = [Float](repeating: 0, count: 64)
        private let zigzag = JPEGDecoder.zigzag

        init(scan: Scan, frame: Frame, restartInterval: Int, reader: BitReader) {
            self.scan = scan
            self.frame = frame
            self.restartInterval = restartInterval
            self.reader = reader
        }

        /// Visits the scan's MCUs in order. One component: its blocks left to right, top to bottom, only
        /// as many as cover the component. Several: each MCU holds h×v blocks of each. After every
        /// `restartInterval` MCUs the coder resets at a restart marker. Data that runs out (or turns out
        /// short before a restart marker) leaves the remaining blocks as they were.
        mutating func decode(into data: inout [ComponentData]) throws(Failure) {
            let single = scan.members.count == 1
            let first = frame.components[scan.members[0].index]
            let perLine = single ? (first.width + 7) / 8 : frame.mcusPerLine
            let count = single ? perLine * ((first.height + 7) / 8) : frame.mcusPerLine * frame.mcusPerColumn
            for mcu in 0..<count {
                if restartInterval > 0, mcu > 0, mcu % restartInterval == 0 { restart() }
                if reader.overrun {
                    if restartInterval == 0 { return }
                    continue
                }
                let row = mcu / perLine, column = mcu % perLine
                if single {
                    try decodeBlock(slot: 0, row: row, column: column, into: &data)
                    continue
                }
                for slot in scan.members.indices {
                    let component = frame.components[scan.members[slot].index]
                    for v in 0..<component.v {
                        for h in 0..<component.h {
                            try decodeBlock(slot: slot, row: row * component.v + v, column: column * component.h + h, into: &data)
                        }
                    }
                }
            }
        }

        private mutating func restart() {
            reader.restart()
            predictions = [0, 0, 0, 0]
            endOfBandRun = 0
        }

        private mutating func decodeBlock(slot: Int, row: Int, column: Int, into data: inout [ComponentData]) throws(Failure) {
            let index = scan.members[slot].index
            let component = frame.components[index]
            let decoded: Bool
            if scan.kind == .sequential {
                decoded = decodeSequential(slot: slot)
                if decoded { store(row: row, column: column, component: component, into: &data[index]) }
            } else {
                let start = (row * component.blocksPerLine + column) * 64
                decoded = data[index].coefficients.withUnsafeMutableBufferPointer { buffer in
                    guard start >= 0, start + 64 <= buffer.count, let base = buffer.baseAddress else { return false }
                    return decodeProgressive(slot: slot, coefficients: base + start)
                }
            }
            guard decoded else { throw .malformed(offset: reader.position, reason: "entropy-coded data: no Huffman code matches, or a run passes the end of the block") }
        }

        /// Dequantizes and inverse-transforms the sequential block just decoded into the component's samples.
        private mutating func store(row: Int, column: Int, component: Component, into data: inout ComponentData) {
            let stride = component.blocksPerLine * 8
            let origin = row * 8 * stride + column * 8
            guard let quantization = data.quantization, origin >= 0, origin + 7 * stride + 8 <= data.samples.count else { return }
            block.withUnsafeMutableBufferPointer { block in
                workspace.withUnsafeMutableBufferPointer { workspace in
                    quantization.withUnsafeBufferPointer { quantization in
                        data.samples.withUnsafeMutableBufferPointer { samples in
                            guard let coefficients = block.baseAddress, let scratch = workspace.baseAddress,
                                  let multipliers = quantization.baseAddress, let output = samples.baseAddress else { return }
                            inverseDCT(coefficients, multipliers, scratch, into: output + origin, stride: stride)
                        }
                    }
                }
            }
        }

        // MARK: Sequential (F.2.2)

        /// One block's 64 coefficients into `block`: a DC difference, then run/size-coded AC values.
        /// False when the bits match no code or the runs run past the block.
        private mutating func decodeSequential(slot: Int) -> Bool {
            for i in 0..<64 { block[i] = 0 }
            let member = scan.members[slot]
            guard let dc = member.dc, let ac = member.ac, let size = reader.decode(dc), size <= 16 else { return false }
            predictions[slot] &+= size == 0 ? 0 : reader.signed(size)
            block[0] = Int16(truncatingIfNeeded: predictions[slot])
            var k = 1
            while k < 64 {
                guard let symbol = reader.decode(ac) else { return false }
                let run = symbol >> 4, size = symbol & 15
                if size == 0 {
                    if run != 15 { break } // end of block
                    k += 16 // sixteen zeros
                    continue
                }
                k += run
                guard k < 64 else { return false }
                block[zigzag[k]] = Int16(truncatingIfNeeded: reader.signed(size))
                k += 1
            }
            return true
        }

        // MARK: Progressive (G.1.2)

        private mutating func decodeProgressive(slot: Int, coefficients: UnsafeMutablePointer<Int16>) -> Bool {
            switch scan.kind {
            case .dcFirst: return decodeDCFirst(slot: slot, coefficients)
            case .dcRefine:
                if reader.bits(1) == 1 { coefficients[0] |= Int16(1 << scan.bitPosition) }
                return true
            case .acFirst: return decodeACFirst(slot: slot, coefficients)
            case .acRefine: return decodeACRefine(slot: slot, coefficients)
            case .sequential: return false
            }
        }

        /// The DC coefficient's high bits: a difference from the previous block, as in a sequential scan.
        private mutating func decodeDCFirst(slot: Int, _ coefficients: UnsafeMutablePointer<Int16>) -> Bool {
            guard let dc = scan.members[slot].dc, let size = reader.decode(dc), size <= 16 else { return false }
            predictions[slot] &+= size == 0 ? 0 : reader.signed(size)
            coefficients[0] = Int16(truncatingIfNeeded: predictions[slot] << scan.bitPosition)
            return true
        }

        /// A band's high bits. An end-of-band symbol may stand for a run of blocks whose band is all zero.
        private mutating func decodeACFirst(slot: Int, _ coefficients: UnsafeMutablePointer<Int16>) -> Bool {
            if endOfBandRun > 0 {
                endOfBandRun -= 1
                return true
            }
            guard let ac = scan.members[slot].ac else { return false }
            var k = scan.spectralStart
            while k <= scan.spectralEnd {
                guard let symbol = reader.decode(ac) else { return false }
                let run = symbol >> 4, size = symbol & 15
                if size == 0 {
                    if run == 15 {
                        k += 16
                        continue
                    }
                    endOfBandRun = (1 << run) - 1 + reader.bits(run) // this block is the run's first
                    break
                }
                k += run
                guard k <= scan.spectralEnd else { return false }
                coefficients[k] = Int16(truncatingIfNeeded: reader.signed(size) << scan.bitPosition)
                k += 1
            }
            return true
        }

        /// One more bit of a band. Coefficients already nonzero get a correction bit each, in order;
        /// the coded runs count only the zero ones, and a newly nonzero value (±1 at this bit) lands
        /// after its run of zeros.
        private mutating func decodeACRefine(slot: Int, _ coefficients: UnsafeMutablePointer<Int16>) -> Bool {
            let plus = Int16(1 << scan.bitPosition), minus = Int16(-1 << scan.bitPosition)
            var k = scan.spectralStart
            if endOfBandRun == 0 {
                guard let ac = scan.members[slot].ac else { return false }
                while k <= scan.spectralEnd {
                    guard let symbol = reader.decode(ac) else { return false }
                    var zeros = symbol >> 4
                    var value: Int16 = 0
                    if symbol & 15 != 0 {
                        value = reader.bits(1) == 1 ? plus : minus
                    } else if zeros != 15 {
                        endOfBandRun = (1 << zeros) + reader.bits(zeros)
                        break
                    }
                    while k <= scan.spectralEnd {
                        let position = k
                        k += 1
                        if coefficients[position] != 0 {
                            refine(&coefficients[position], plus: plus, minus: minus)
                        } else if zeros == 0 {
                            if value != 0 { coefficients[position] = value }
                            break
                        } else {
                            zeros -= 1
                        }
                    }
                }
            }
            if endOfBandRun > 0 {
                while k <= scan.spectralEnd {
                    if coefficients[k] != 0 { refine(&coefficients[k], plus: plus, minus: minus) }
                    k += 1
                }
                endOfBandRun -= 1
            }
            return true
        }

        /// A correction bit for a coefficient already nonzero: when set, the magnitude grows by the bit
        /// (unless the bit is already there, which only corrupt data does).
        private mutating func refine(_ coefficient: inout Int16, plus: Int16, minus: Int16) {
            guard reader.bits(1) == 1, coefficient & plus == 0 else { return }
            coefficient &+= coefficient >= 0 ? plus : minus
        }
    }
}
