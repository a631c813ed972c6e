// libFuzzer target: the payload alone (string table, metadata, tree), wrapped in a valid header and
// checksum so every input reaches the tree decoder. Leading option byte as in FuzzArchive.
import HarnessOptions
import WidgetArchive

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let options = DecodingLimits.options(start.load(as: UInt8.self))
    // Made in one buffer: the header this harness supplies, then the payload after the option byte.
    var file: [UInt8] = []
    file.reserveCapacity(16 + count - 1)
    file += ArchiveHeader.magic
    file += [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    file += UnsafeRawBufferPointer(start: start + 1, count: count - 1)
    ArchiveHeader.reseal(&file)
    guard let value = try? ArchiveDecoder(options: options).decode(file) else { return 0 }
    guard let round = try? ArchiveDecoder().decode(ArchiveEncoder.encode(value)), round == value else {
        fatalError("decoded tree does not round-trip")
    }
    return 0
}
