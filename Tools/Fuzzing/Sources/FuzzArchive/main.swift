// libFuzzer target: whole archive files (header, checksum, string table, tree). The first byte picks
// decoding options so the limits themselves are explored; a successful decode must round-trip.
import WidgetArchive

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    var options = ArchiveDecodingOptions()
    if first & 1 != 0 { options.maxDepth = 8 }
    if first & 2 != 0 { options.maxNodeCount = 64 }
    if first & 4 != 0 { options.maxStringLength = 16 }
    if first & 8 != 0 { options.maxChildren = 4 }
    let decoder = ArchiveDecoder(options: options)
    guard let value = try? decoder.decode(Array(bytes.dropFirst())) else { return 0 }
    let again = ArchiveEncoder.encode(value)
    guard let round = try? ArchiveDecoder(options: ArchiveDecodingOptions()).decode(again), round == value else {
        fatalError("decoded archive does not round-trip")
    }
    return 0
}
