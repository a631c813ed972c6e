import ByteCoding
import Foundation
import WidgetArchive
import WidgetProtocol

/// The `.timeline` file codec: a container like the archive's (magic `WGTL`, version, flags, length,
/// CRC-32), holding each distinct archive once.
public enum TimelineFileCodec {
    public static let magic: [UInt8] = [0x57, 0x47, 0x54, 0x4C]
    public static let version: UInt16 = 1

    public static func encode(_ t: StoredTimeline) -> [UInt8] {
        var blobs: [[UInt8]] = []
        var index: [Blob: Int] = [:]
        var entryRefs: [[Int]] = []
        for entry in t.entries {
            entryRefs.append(entry.archives.map { bytes in
                if let i = index[Blob(bytes: bytes)] { return i }
                index[Blob(bytes: bytes)] = blobs.count
                blobs.append(bytes)
                return blobs.count - 1
            })
        }
        var w = ByteWriter(capacity: 256 + blobs.reduce(0) { $0 + $1.count })
        w.inlineString(t.extensionID)
        w.inlineString(t.kind)
        w.u8(t.family.code)
        w.f64(t.fetchedAt.timeIntervalSince1970)
        t.policy.write(to: &w)
        w.varint(t.configuration.count)
        w.raw(t.configuration)
        w.varint(t.variants.count)
        for v in t.variants { v.write(to: &w) }
        w.varint(blobs.count)
        for blob in blobs { w.varint(blob.count); w.raw(blob) }
        w.varint(t.entries.count)
        for (entry, refs) in zip(t.entries, entryRefs) {
            w.f64(entry.date.timeIntervalSince1970)
            ArchivedEntry.writeRelevance(entry.relevance, duration: entry.relevanceDuration, to: &w)
            for ref in refs { w.varint(ref) }
        }
        var file = ByteWriter(capacity: w.bytes.count + 16)
        file.raw(magic)
        file.u16(version)
        file.u16(0)
        file.u32(UInt32(w.bytes.count))
        file.u32(CRC32.checksum(w.bytes))
        file.raw(w.bytes)
        return file.bytes
    }

    /// Decodes and validates a `.timeline` file; every archive inside is checked too.
    public static func decode(_ bytes: [UInt8], options: ArchiveDecodingOptions = .default) throws(TimelineFileError) -> StoredTimeline {
        do {
            return try decodeFile(bytes, options: options)
        } catch let error as TimelineFileError {
            throw error
        } catch let error as ArchiveDecodingError {
            throw TimelineFileError(primitive: error)
        } catch {
            throw .truncated(offset: bytes.count, needed: 0)
        }
    }

    private static func decodeFile(_ bytes: [UInt8], options: ArchiveDecodingOptions) throws -> StoredTimeline {
        guard bytes.count >= 16 else { throw TimelineFileError.truncated(offset: bytes.count, needed: 16 - bytes.count) }
        guard Array(bytes[0..<4]) == magic else { throw TimelineFileError.badMagic(found: Array(bytes[0..<4])) }
        var r = ArchiveByteReader(bytes, from: 4)
        let v = try r.u16()
        guard v == version else { throw TimelineFileError.unsupportedVersion(found: v, supported: version...version) }
        let flags = try r.u16()
        guard flags == 0 else { throw TimelineFileError.unsupportedFlags(found: flags) }
        let length = try r.u32()
        let crc = try r.u32()
        guard Int(length) == bytes.count - 16 else { throw TimelineFileError.payloadLengthMismatch(declared: length, actual: bytes.count - 16) }
        let actual = CRC32.checksum(bytes[16...])
        guard actual == crc else { throw TimelineFileError.checksumMismatch(expected: crc, actual: actual) }

        let extensionID = try r.inlineString(maxLength: 4096)
        let kind = try r.inlineString(maxLength: 4096)
        let familyOffset = r.offset
        guard let family = WidgetFamily(code: try r.u8()) else {
            throw TimelineFileError.invalidValue(offset: familyOffset, field: "family", value: UInt64(bytes[familyOffset]))
        }
        let fetchedAt = Date(timeIntervalSince1970: try r.f64("fetched at"))
        let policy = try ReloadPolicy.read(from: &r)
        let configurationLength = try r.count(limit: min(options.maxIntentParameterBytes, r.remaining), field: "configuration length")
        let configuration = Array(try r.bytes(configurationLength))
        let variantCount = try r.count(limit: min(64, r.remaining), field: "variant count")
        var variants: [EnvironmentVariant] = []
        for _ in 0..<variantCount { variants.append(try EnvironmentVariant.read(from: &r)) }
        let blobCount = try r.count(limit: r.remaining, field: "archive count")
        var blobs: [[UInt8]] = []
        let decoder = ArchiveDecoder(options: options)
        for _ in 0..<blobCount {
            let lengthOffset = r.offset
            let n = try r.varint()
            guard n <= UInt64(options.maxArchiveSize) else { throw TimelineFileError.tooLong(offset: lengthOffset, limit: .archiveSize) }
            let start = r.offset
            let blob = Array(try r.bytes(Int(n)))
            do {
                try decoder.validateContainer(blob)
            } catch {
                throw TimelineFileError.embeddedArchive(index: blobs.count, offset: start, error)
            }
            blobs.append(blob)
        }
        let entryCountOffset = r.offset
        let entryCount = try r.count(limit: r.remaining, field: "entry count")
        guard entryCount <= options.maxTimelineEntries else { throw TimelineFileError.tooLong(offset: entryCountOffset, limit: .timelineEntries) }
        var entries: [StoredTimeline.Entry] = []
        for _ in 0..<entryCount {
            let date = Date(timeIntervalSince1970: try r.f64("entry date"))
            let (relevance, duration) = try ArchivedEntry.readRelevance(from: &r)
            var archives: [[UInt8]] = []
            for _ in 0..<variantCount {
                let refOffset = r.offset
                let ref = try r.varint()
                guard ref < UInt64(blobs.count) else { throw TimelineFileError.invalidValue(offset: refOffset, field: "archive reference", value: ref) }
                archives.append(blobs[Int(ref)])
            }
            entries.append(StoredTimeline.Entry(date: date, relevance: relevance, relevanceDuration: duration, archives: archives))
        }
        guard r.isAtEnd else { throw TimelineFileError.trailingBytes(offset: r.offset, count: r.remaining) }
        var timeline = StoredTimeline(extensionID: extensionID, kind: kind, family: family, fetchedAt: fetchedAt, policy: policy,
                                      variants: variants, entries: entries)
        timeline.configuration = configuration
        return timeline
    }
}

/// An archive's bytes as a dictionary key, hashed in one pass over the buffer (`[UInt8]` itself is
/// hashed a byte at a time, which made de-duplicating a timeline's archives cost more than encoding it).
private struct Blob: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
