// libFuzzer target: the payload alone (string table, metadata, tree), wrapped in a valid header and
// checksum so every input reaches the tree decoder. Leading option byte as in FuzzArchive.
import WidgetArchive

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    var options = ArchiveDecodingOptions()
    if first & 1 != 0 { options.maxDepth = 8 }
    if first & 2 != 0 { options.maxNodeCount = 64 }
    var file = ArchiveHeader.magic + [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] + Array(bytes.dropFirst())
    ArchiveHeader.reseal(&file)
    guard let value = try? ArchiveDecoder(options: options).decode(file) else { return 0 }
    guard let round = try? ArchiveDecoder().decode(ArchiveEncoder.encode(value)), round == value else {
        fatalError("decoded tree does not round-trip")
    }
    return 0
}
