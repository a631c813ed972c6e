// libFuzzer target: whole archive files (header, checksum, string table, tree). The first byte picks
// decoding options so the limits themselves are explored; a successful decode must round-trip.
import HarnessOptions
import WidgetArchive

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let decoder = ArchiveDecoder(options: DecodingLimits.options(first))
    guard let value = try? decoder.decode(Array(bytes.dropFirst())) else { return 0 }
    let again = ArchiveEncoder.encode(value)
    guard let round = try? ArchiveDecoder(options: ArchiveDecodingOptions()).decode(again), round == value else {
        fatalError("decoded archive does not round-trip")
    }
    return 0
}
