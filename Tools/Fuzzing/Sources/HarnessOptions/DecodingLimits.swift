// The archive harnesses' leading option byte: each bit tightens one of the decoder's limits, so that
// inputs a few hundred bytes long reach every limit's check as well as the code behind it. Without
// it, a limit such as 20,000 strings is crossed only by a count the mutator rarely writes.
import WidgetArchive

public enum DecodingLimits {
    /// The decoding options the option byte `flags` asks for.
    public static func options(_ flags: UInt8) -> ArchiveDecodingOptions {
        var options = ArchiveDecodingOptions()
        if flags & 1 != 0 { options.maxDepth = 8 }
        if flags & 2 != 0 { options.maxNodeCount = 64 }
        if flags & 4 != 0 { options.maxStringLength = 16 }
        if flags & 8 != 0 { options.maxChildren = 4 }
        if flags & 16 != 0 { options.maxStringCount = 8 }
        if flags & 32 != 0 { options.maxIntentParameterBytes = 16 }
        if flags & 64 != 0 { options.maxArchiveSize = 512 }
        return options
    }
}
