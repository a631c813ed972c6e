/// A PDF file's structure (PDF 1.7 §7.5): where each object is (classic `xref` tables, cross-reference
/// streams, object streams, or a rebuild by scanning when those are broken), loading objects by number
/// with cycles caught, and decoding stream data (FlateDecode with PNG predictors).

/// Where each object of a file is, from its cross-reference sections (§7.5.4, §7.5.8) or, when those
/// are broken, rebuilt by scanning the file for `N G obj` as readers do for damaged files.
struct PDFCrossReference: Sendable {
    enum Location: Sendable, Equatable {
        /// The byte offset of `N G obj` in the file.
        case offset(Int)
        /// The `index`th object of the object stream numbered `objectStream` (§7.5.7).
        case compressed(objectStream: Int, index: Int)
    }

    var locations: [Int: Location] = [:]
    var trailer = PDFDictionary()

    /// The largest object number PDF allows (Annex C); past it an entry is hostile.
    static let maxObjectNumber = 8_388_607

    /// Records where an object is unless a newer section already said (sections are read newest first).
    mutating func record(_ number: Int, _ location: Location) throws(PDFVectorImage.Failure) {
        guard number >= 0, number <= Self.maxObjectNumber else { return }
        guard locations[number] == nil else { return }
        guard locations.count < PDFVectorImage.Limits.maxObjects else { throw .tooLarge }
        locations[number] = location
    }
}

extension PDFCrossReference {
    /// The sections from `startxref` back through each `/Prev`, newest first, with a hybrid file's
    /// `/XRefStm` too.
    static func read(_ bytes: [UInt8]) throws(PDFVectorImage.Failure) -> PDFCrossReference {
        guard let start = startXRefOffset(bytes) else { throw .malformed(offset: bytes.count, reason: "no startxref") }
        var table = PDFCrossReference()
        var pending = [start]
        var visited: Set<Int> = []
        var first = true
        while let offset = pending.popLast() {
            guard visited.insert(offset).inserted else { continue }
            guard visited.count <= PDFVectorImage.Limits.maxCrossReferenceSections else { throw .tooLarge }
            let trailer = try table.readSection(bytes, at: offset)
            if first {
                table.trailer = trailer
                first = false
            } else {
                // An older trailer only fills what the newer ones left out.
                for (key, value) in trailer.entries where table.trailer[key] == nil { table.trailer.entries[key] = value }
            }
            if let previous = trailer["Prev"]?.integer { pending.append(previous) }
            // Read after `/Prev` is pushed so the hybrid stream is taken first: its entries are the newer.
            if let stream = trailer["XRefStm"]?.integer { pending.append(stream) }
        }
        return table
    }

    /// The offset after the last `startxref` (§7.5.5), searched for in the file's last kilobytes.
    static func startXRefOffset(_ bytes: [UInt8]) -> Int? {
        let keyword = Array("startxref".utf8)
        let floor = max(0, bytes.count - 4096)
        var index = bytes.count - keyword.count
        while index >= floor {
            if bytes[index] == keyword[0], bytes[index..<(index + keyword.count)].elementsEqual(keyword) {
                var lexer = PDFLexer(bytes, from: index + keyword.count)
                if case .integer(let offset) = lexer.next(), offset >= 0, offset < bytes.count { return offset }
                return nil
            }
            index -= 1
        }
        return nil
    }

    /// One section at `offset`: a table and its trailer, or a cross-reference stream whose dictionary is
    /// the trailer. Returns the trailer.
    private mutating func readSection(_ bytes: [UInt8], at offset: Int) throws(PDFVectorImage.Failure) -> PDFDictionary {
        var lexer = PDFLexer(bytes, from: offset)
        if lexer.next() == .keyword("xref") { return try readTable(bytes, after: lexer.position) }
        let stream = try PDFObjectStore.parseIndirectObject(bytes, at: offset, end: bytes.count, expecting: nil, lengthOf: { _ in nil },
                                                             endstream: { PDFObjectStore.find(PDFObjectStore.endstream, in: bytes, from: $0) }).stream
        guard let stream, stream.dictionary["Type"]?.name == "XRef" else {
            throw .malformed(offset: offset, reason: "startxref or /Prev points at neither a table nor a cross-reference stream")
        }
        try readStream(stream)
        return stream.dictionary
    }

    /// A classic table (§7.5.4): subsections of `first count` and `offset generation n|f` entries, then
    /// `trailer <<…>>`. Read as tokens rather than fixed 20-byte lines: many writers get the line ends wrong.
    private mutating func readTable(_ bytes: [UInt8], after position: Int) throws(PDFVectorImage.Failure) -> PDFDictionary {
        var parser = PDFParser(bytes, from: position)
        while true {
            let token = parser.lexer.next()
            if token == .keyword("trailer") {
                guard parser.lexer.next() == .dictionaryOpen else { throw parser.malformed("trailer is not a dictionary") }
                return try parser.parseDictionary(depth: 1)
            }
            guard case .integer(let firstNumber) = token, case .integer(let count) = parser.lexer.next(),
                  (0...Self.maxObjectNumber).contains(firstNumber), count >= 0, count <= (bytes.count - parser.lexer.position) / 4 + 1
            else { throw parser.malformed("bad cross-reference subsection header") }
            for i in 0..<count {
                guard case .integer(let objectOffset) = parser.lexer.next(), case .integer = parser.lexer.next(),
                      case .keyword(let kind) = parser.lexer.next()
                else { throw parser.malformed("bad cross-reference entry") }
                if kind == "n", objectOffset > 0 { try record(firstNumber + i, .offset(objectOffset)) }
            }
        }
    }

    /// A cross-reference stream (§7.5.8): rows of `/W` big-endian fields for the `/Index` ranges.
    private mutating func readStream(_ stream: PDFStream) throws(PDFVectorImage.Failure) {
        let dictionary = stream.dictionary
        guard let widths = dictionary["W"]?.array?.compactMap(\.integer), widths.count == 3, widths.allSatisfy({ (0...8).contains($0) })
        else { throw .malformed(offset: stream.offset, reason: "cross-reference stream /W is not three field widths") }
        let rowWidth = widths[0] + widths[1] + widths[2]
        guard rowWidth > 0 else { throw .malformed(offset: stream.offset, reason: "cross-reference stream rows are empty") }
        var budget = PDFDecodeBudget()
        let data = try PDFFilters.decode(stream, budget: &budget, resolve: { $0 })
        let size = dictionary["Size"]?.integer ?? 0
        let index = dictionary["Index"]?.array?.compactMap(\.integer) ?? [0, size]
        var row = 0
        for pair in stride(from: 0, to: index.count - 1, by: 2) {
            let (firstNumber, count) = (index[pair], index[pair + 1])
            guard (0...Self.maxObjectNumber).contains(firstNumber), count >= 0 else { continue }
            for i in 0..<count {
                let start = row * rowWidth
                guard start + rowWidth <= data.count else { return }
                row += 1
                func field(_ n: Int, from: Int) -> Int {
                    data[from..<(from + widths[n])].reduce(0) { $0 << 8 | Int($1) }
                }
                let type = widths[0] == 0 ? 1 : field(0, from: start)
                let second = field(1, from: start + widths[0]), third = field(2, from: start + widths[0] + widths[1])
                switch type {
                case 1 where second > 0: try record(firstNumber + i, .offset(second))
                case 2: try record(firstNumber + i, .compressed(objectStream: second, index: third))
                default: break
                }
            }
        }
    }
}

extension PDFCrossReference {
    /// Rebuilds the table from the file itself: every `N G obj` (a later definition replaces an earlier
    /// one, as an incremental update would), the objects inside object streams that are not also
    /// defined directly, and the last `trailer` dictionary, or a cross-reference stream's dictionary,
    /// that names a `/Root`.
    static func scan(_ bytes: [UInt8]) throws(PDFVectorImage.Failure) -> PDFCrossReference {
        var direct: [Int: Int] = [:]
        var trailers: [PDFDictionary] = []
        var trailerPositions: [Int] = []
        let obj = Array("obj".utf8), trailer = Array("trailer".utf8)
        var index = 0
        while index + 3 <= bytes.count {
            if bytes[index] == obj[0], bytes[index + 1] == obj[1], bytes[index + 2] == obj[2],
               index + 3 == bytes.count || !PDFLexer.isRegular(bytes[index + 3]),
               let (number, start) = objectHeader(bytes, endingBefore: index) {
                direct[number] = start
                guard direct.count <= PDFVectorImage.Limits.maxObjects else { throw .tooLarge }
            } else if bytes[index] == trailer[0], index + trailer.count <= bytes.count,
                      bytes[index..<(index + trailer.count)].elementsEqual(trailer) {
                trailerPositions.append(index + trailer.count)
            }
            index += 1
        }
        // Only the last few: each parse may run far, and the last one that names a root is the one used.
        for position in trailerPositions.suffix(16) {
            var parser = PDFParser(bytes, from: position)
            if parser.lexer.next() == .dictionaryOpen, let dictionary = try? parser.parseDictionary(depth: 1) {
                trailers.append(dictionary)
            }
        }
        var table = PDFCrossReference()
        for (number, offset) in direct { table.locations[number] = .offset(offset) }
        try table.addObjectStreamContents(bytes, directOffsets: direct, trailers: &trailers)
        if let withRoot = trailers.last(where: { $0["Root"] != nil }) { table.trailer = withRoot }
        return table
    }

    /// `N G` before the `obj` at `objIndex`, each preceded by whitespace or the start: the object's
    /// number and where its header starts.
    private static func objectHeader(_ bytes: [UInt8], endingBefore objIndex: Int) -> (Int, Int)? {
        var i = objIndex - 1
        func skipSpace() -> Bool {
            let before = i
            while i >= 0, PDFLexer.isWhitespace(bytes[i]) { i -= 1 }
            return i < before
        }
        func digits() -> Int? {
            var value = 0, multiplier = 1, count = 0
            while i >= 0, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), count < 10 {
                value += Int(bytes[i] - UInt8(ascii: "0")) * multiplier
                multiplier *= 10
                count += 1
                i -= 1
            }
            return count > 0 ? value : nil
        }
        guard skipSpace(), digits() != nil, skipSpace(), let number = digits() else { return nil }
        guard i < 0 || !PDFLexer.isRegular(bytes[i]) else { return nil }
        return (number, i + 1)
    }

    /// Objects held in the object streams found by the scan, and cross-reference streams' dictionaries
    /// as trailers.
    private mutating func addObjectStreamContents(_ bytes: [UInt8], directOffsets: [Int: Int], trailers: inout [PDFDictionary]) throws(PDFVectorImage.Failure) {
        let store = PDFObjectStore(bytes: bytes, table: self)
        // Newest (last in the file) first: an incremental update's object stream replaces older ones.
        for (number, _) in directOffsets.sorted(by: { $0.value > $1.value }) {
            guard let stream = (try? store.object(number))?.stream else { continue }
            switch stream.dictionary["Type"]?.name {
            case "XRef" where stream.dictionary["Root"] != nil:
                trailers.append(stream.dictionary)
            case "ObjStm":
                guard let contents = try? store.objectStreamContents(number) else { continue }
                for (index, member) in contents.numbers.enumerated() where directOffsets[member] == nil {
                    try record(member, .compressed(objectStream: number, index: index))
                }
            default:
                break
            }
        }
    }
}

/// Decoded bytes allowed for one operation (one image's load): a stream that inflates past what is
/// left is `tooLarge`, so a zip bomb costs a bounded amount of memory and time.
struct PDFDecodeBudget {
    var remaining = PDFVectorImage.Limits.maxDecodedTotalBytes

    mutating func take(_ count: Int) throws(PDFVectorImage.Failure) {
        guard count <= remaining else { throw .tooLarge }
        remaining -= count
    }

    var streamLimit: Int { min(remaining, PDFVectorImage.Limits.maxDecodedStreamBytes) }
}

/// Stream filters (§7.4): FlateDecode, with the TIFF and PNG predictors of §7.4.4.4 (cross-reference
/// streams use PNG Up); streams with no filter pass through. Others are `unsupported`.
enum PDFFilters {
    static func decode(_ stream: PDFStream, budget: inout PDFDecodeBudget,
                       resolve: (PDFObject) -> PDFObject) throws(PDFVectorImage.Failure) -> [UInt8] {
        let filters = names(resolve(stream.dictionary["Filter"] ?? .null), resolve: resolve)
        let parameters = list(resolve(stream.dictionary["DecodeParms"] ?? stream.dictionary["DP"] ?? .null), resolve: resolve)
        var data = Array(stream.data)
        for (i, filter) in filters.enumerated() {
            switch filter {
            case "FlateDecode", "Fl":
                data = try inflate(data, offset: stream.offset, limit: budget.streamLimit)
                let parms = i < parameters.count ? resolve(parameters[i]).dictionary : nil
                if let parms { data = try unpredict(data, parms, offset: stream.offset, resolve: resolve) }
            default:
                throw .unsupported("stream filter \(filter)")
            }
        }
        try budget.take(data.count)
        return data
    }

    private static func names(_ object: PDFObject, resolve: (PDFObject) -> PDFObject) -> [String] {
        if let name = object.name { return [name] }
        return (object.array ?? []).prefix(8).compactMap { resolve($0).name }
    }

    private static func list(_ object: PDFObject, resolve: (PDFObject) -> PDFObject) -> [PDFObject] {
        if case .array(let items) = object { return items }
        return [object]
    }

    /// zlib-wrapped DEFLATE, with the inflater the PNG decoder already has (same cap discipline).
    private static func inflate(_ data: [UInt8], offset: Int, limit: Int) throws(PDFVectorImage.Failure) -> [UInt8] {
        do {
            return try PNGDecoder.zlib(data, limit: limit)
        } catch PNGDecoder.Failure.tooLarge {
            throw .tooLarge
        } catch {
            throw .malformed(offset: offset, reason: "FlateDecode data is corrupt")
        }
    }

    /// Undoes a predictor (§7.4.4.4): 2 is TIFF's horizontal differencing, 10–15 PNG's per-row filters.
    static func unpredict(_ data: [UInt8], _ parms: PDFDictionary, offset: Int,
                          resolve: (PDFObject) -> PDFObject) throws(PDFVectorImage.Failure) -> [UInt8] {
        func integer(_ key: String, _ fallback: Int) -> Int { resolve(parms[key] ?? .null).integer ?? fallback }
        let predictor = integer("Predictor", 1)
        guard predictor > 1 else { return data }
        let colors = integer("Colors", 1), bits = integer("BitsPerComponent", 8), columns = integer("Columns", 1)
        guard (1...32).contains(colors), [1, 2, 4, 8, 16].contains(bits), (1...(1 << 20)).contains(columns) else {
            throw .malformed(offset: offset, reason: "predictor parameters out of range")
        }
        let rowBytes = (colors * bits * columns + 7) / 8
        let pixelBytes = max(1, colors * bits / 8)
        if predictor == 2 {
            guard bits == 8 else { throw .unsupported("TIFF predictor with \(bits)-bit components") }
            return undoTIFF(data, rowBytes: rowBytes, pixelBytes: pixelBytes)
        }
        return try undoPNG(data, rowBytes: rowBytes, pixelBytes: pixelBytes, offset: offset)
    }

    private static func undoTIFF(_ data: [UInt8], rowBytes: Int, pixelBytes: Int) -> [UInt8] {
        var out = data
        var rowStart = 0
        while rowStart < out.count {
            let rowEnd = min(out.count, rowStart + rowBytes)
            var i = rowStart + pixelBytes
            while i < rowEnd {
                out[i] = out[i] &+ out[i - pixelBytes]
                i += 1
            }
            rowStart += rowBytes
        }
        return out
    }

    /// Each row is a filter byte and `rowBytes` filtered bytes; a short last row is decoded as far as it goes.
    private static func undoPNG(_ data: [UInt8], rowBytes: Int, pixelBytes: Int, offset: Int) throws(PDFVectorImage.Failure) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var position = 0
        while position < data.count {
            let filter = data[position]
            let available = min(rowBytes, data.count - position - 1)
            for x in 0..<rowBytes { current[x] = x < available ? data[position + 1 + x] : 0 }
            guard PNGRowFilter.undo(filter, row: &current, previous: previous, distance: pixelBytes) else {
                throw .malformed(offset: offset, reason: "PNG predictor row filter \(filter)")
            }
            out += current[0..<max(0, available)]
            swap(&previous, &current)
            position += rowBytes + 1
        }
        return out
    }

}

/// Loads a file's objects by number for one operation (opening the image), caching them and their
/// object streams. Not shared across threads: each operation makes its own.
final class PDFObjectStore {
    let bytes: [UInt8]
    let table: PDFCrossReference
    var budget = PDFDecodeBudget()
    private var cache: [Int: PDFObject] = [:]
    /// Objects being loaded now: meeting one again is a reference cycle (a stream whose `/Length` is
    /// itself, an object stream that holds itself).
    private var loading: Set<Int> = []
    private var objectStreams: [Int: ObjectStreamContents] = [:]
    /// Decoded stream data by where the stream starts in the file: a form drawn a hundred times is
    /// inflated (and counted against the budget) once.
    private var decodedStreams: [Int: [UInt8]] = [:]
    /// Objects that failed to load, so a thousand references to one broken object parse it once.
    private var failures: [Int: PDFVectorImage.Failure] = [:]
    /// Where objects start in the file, sorted, ending with the file's length: an object's parse
    /// stops where the next one starts.
    private lazy var objectStarts: [Int] = {
        var starts = table.locations.values.compactMap { location -> Int? in
            if case .offset(let offset) = location { offset } else { nil }
        }
        starts.append(bytes.count)
        return Array(Set(starts)).sorted()
    }()
    /// Every `endstream` in the file, found in one pass the first time a stream's `/Length` is wrong.
    private lazy var endstreams: [Int] = {
        var found: [Int] = []
        var from = 0
        while let at = Self.find(Self.endstream, in: bytes, from: from) {
            found.append(at)
            from = at + 1
        }
        return found
    }()

    static let endstream = Array("endstream".utf8)

    /// An object stream's decoded bytes and where each of its objects starts (and ends) in them.
    struct ObjectStreamContents {
        let data: [UInt8]
        let numbers: [Int]
        let offsets: [Int]
        let ends: [Int]
        let fileOffset: Int
    }

    init(bytes: [UInt8], table: PDFCrossReference) {
        self.bytes = bytes
        self.table = table
    }

    /// The object numbered `number`: null when the table has no such object (§7.3.10).
    func object(_ number: Int) throws(PDFVectorImage.Failure) -> PDFObject {
        if let known = cache[number] { return known }
        if let failure = failures[number] { throw failure }
        guard let location = table.locations[number] else { return .null }
        guard loading.insert(number).inserted else {
            throw .malformed(offset: offset(of: location), reason: "reference cycle through object \(number)")
        }
        defer { loading.remove(number) }
        do throws(PDFVectorImage.Failure) {
            // Loads nest through indirect lengths and object streams; a chain this deep is hostile.
            guard loading.count <= PDFVectorImage.Limits.maxReferenceChain else {
                throw .malformed(offset: offset(of: location), reason: "objects nested too deeply")
            }
            let object = try load(number, at: location)
            cache[number] = object
            return object
        } catch {
            failures[number] = error
            throw error
        }
    }

    private func load(_ number: Int, at location: PDFCrossReference.Location) throws(PDFVectorImage.Failure) -> PDFObject {
        switch location {
        case .offset(let offset):
            return try Self.parseIndirectObject(bytes, at: offset, end: extent(of: offset), expecting: number,
                                                lengthOf: { [unowned self] in lengthObject($0) },
                                                endstream: { [unowned self] in firstEndstream(atOrAfter: $0) })
        case .compressed(let streamNumber, let index):
            return try compressedObject(number, in: streamNumber, index: index)
        }
    }

    /// Where the object at `offset` must end: the next object's start.
    private func extent(of offset: Int) -> Int {
        let starts = objectStarts
        var (low, high) = (0, starts.count)
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low < starts.count ? starts[low] : bytes.count
    }

    private func firstEndstream(atOrAfter position: Int) -> Int? {
        let found = endstreams
        var (low, high) = (0, found.count)
        while low < high {
            let middle = (low + high) / 2
            if found[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < found.count ? found[low] : nil
    }

    /// Follows references until a direct object, up to a bounded chain (a chain that long is a cycle).
    func resolve(_ object: PDFObject) throws(PDFVectorImage.Failure) -> PDFObject {
        var current = object
        for _ in 0..<PDFVectorImage.Limits.maxReferenceChain {
            guard case .reference(let reference) = current else { return current }
            current = try self.object(reference.number)
        }
        throw .malformed(offset: 0, reason: "reference chain too long (a cycle)")
    }

    /// `resolve` for drawing: a broken object draws as absent rather than failing the whole image.
    func resolved(_ object: PDFObject?) -> PDFObject {
        guard let object else { return .null }
        return (try? resolve(object)) ?? .null
    }

    func decodedData(_ stream: PDFStream) throws(PDFVectorImage.Failure) -> [UInt8] {
        if let known = decodedStreams[stream.offset] { return known }
        let data = try PDFFilters.decode(stream, budget: &budget, resolve: { [unowned self] in resolved($0) })
        decodedStreams[stream.offset] = data
        return data
    }

    /// Where an object is in the file, for messages: its own offset, or its object stream's (one
    /// level only: a hostile table may place an object stream inside itself).
    private func offset(of location: PDFCrossReference.Location) -> Int {
        switch location {
        case .offset(let offset): return offset
        case .compressed(let stream, _):
            if case .offset(let offset)? = table.locations[stream] { return offset }
            return 0
        }
    }

    /// An indirect `/Length`: resolved if it is a plain integer object, nil otherwise (then the data
    /// runs to `endstream`).
    private func lengthObject(_ reference: PDFReference) -> Int? {
        (try? object(reference.number))?.integer
    }

    /// `N G obj` at `offset`, its object (parsed no further than `end`), and for a dictionary followed
    /// by `stream` its data (§7.3.8). `expecting` guards against a table entry that points at the
    /// wrong object; `endstream` finds the first `endstream` at or after a position.
    static func parseIndirectObject(_ bytes: [UInt8], at offset: Int, end: Int, expecting number: Int?,
                                    lengthOf: (PDFReference) -> Int?,
                                    endstream: (Int) -> Int?) throws(PDFVectorImage.Failure) -> PDFObject {
        var parser = PDFParser(bytes, from: offset, to: end)
        guard case .integer(let found) = parser.lexer.next(), case .integer = parser.lexer.next(),
              parser.lexer.next() == .keyword("obj")
        else { throw .malformed(offset: offset, reason: "no object header (N G obj) here") }
        if let number, found != number {
            throw .malformed(offset: offset, reason: "object \(number) expected here, found \(found)")
        }
        let object = try parser.parseObject()
        guard case .dictionary(let dictionary) = object else { return object }
        guard parser.lexer.next() == .keyword("stream") else { return object }
        let dataStart = streamDataStart(bytes, afterKeyword: parser.lexer.position)
        let declared: Int? = switch dictionary["Length"] {
        case .integer(let length)?: length
        case .reference(let reference)?: lengthOf(reference)
        default: nil
        }
        let dataEnd = streamDataEnd(bytes, start: dataStart, declaredLength: declared, endstream: endstream)
        return .stream(PDFStream(dictionary: dictionary, data: bytes[dataStart..<dataEnd], offset: dataStart))
    }

    /// After `stream`: CRLF or LF (a lone CR is accepted too).
    private static func streamDataStart(_ bytes: [UInt8], afterKeyword position: Int) -> Int {
        var start = position
        if start < bytes.count, bytes[start] == 0x0D { start += 1 }
        if start < bytes.count, bytes[start] == 0x0A { start += 1 }
        return start
    }

    /// The declared `/Length` when `endstream` follows it; otherwise the data runs to the next
    /// `endstream` (a wrong or hostile length must not read past the file or swallow it whole).
    private static func streamDataEnd(_ bytes: [UInt8], start: Int, declaredLength: Int?, endstream: (Int) -> Int?) -> Int {
        if let length = declaredLength, length >= 0, length <= bytes.count - start {
            var lexer = PDFLexer(bytes, from: start + length)
            if lexer.next() == .keyword("endstream") { return start + length }
        }
        guard let found = endstream(start) else {
            return declaredLength.map { start + min(bytes.count - start, max(0, $0)) } ?? bytes.count
        }
        var end = found
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    // MARK: object streams

    /// The objects of `/Type /ObjStm` number `number`: `/N` pairs of object number and offset (from
    /// `/First`) ahead of the objects themselves (§7.5.7).
    func objectStreamContents(_ number: Int) throws(PDFVectorImage.Failure) -> ObjectStreamContents {
        if let known = objectStreams[number] { return known }
        guard let stream = try resolve(object(number)).stream else {
            throw .malformed(offset: table.locations[number].map(offset(of:)) ?? 0, reason: "object \(number) is not an object stream")
        }
        let data = try decodedData(stream)
        let count = stream.dictionary["N"]?.integer ?? 0, first = stream.dictionary["First"]?.integer ?? 0
        guard count >= 0, count <= data.count / 2 + 1, first >= 0, first <= data.count else {
            throw .malformed(offset: stream.offset, reason: "object stream /N or /First out of range")
        }
        var lexer = PDFLexer(data)
        var numbers: [Int] = [], offsets: [Int] = []
        for _ in 0..<count {
            guard case .integer(let member) = lexer.next(), case .integer(let relative) = lexer.next(),
                  relative >= 0, relative <= data.count - first
            else { break }
            numbers.append(member)
            offsets.append(first + relative)
        }
        // Each object ends where the next one (by position) starts.
        let sorted = Set(offsets + [data.count]).sorted()
        var next: [Int: Int] = [:]
        for (i, start) in sorted.enumerated() { next[start] = i + 1 < sorted.count ? sorted[i + 1] : data.count }
        let ends = offsets.map { next[$0] ?? data.count }
        let contents = ObjectStreamContents(data: data, numbers: numbers, offsets: offsets, ends: ends, fileOffset: stream.offset)
        objectStreams[number] = contents
        return contents
    }

    private func compressedObject(_ number: Int, in streamNumber: Int, index: Int) throws(PDFVectorImage.Failure) -> PDFObject {
        let contents = try objectStreamContents(streamNumber)
        // The table's index, if it names this object; otherwise wherever the stream's header lists it.
        let position = index >= 0 && index < contents.numbers.count && contents.numbers[index] == number
            ? index : contents.numbers.firstIndex(of: number)
        guard let position else {
            throw .malformed(offset: contents.fileOffset, reason: "object \(number) is not in object stream \(streamNumber)")
        }
        var parser = PDFParser(contents.data, from: contents.offsets[position], to: contents.ends[position])
        do {
            return try parser.parseObject()
        } catch {
            throw .malformed(offset: contents.fileOffset, reason: "object \(number) in object stream \(streamNumber): \(error)")
        }
    }
}
