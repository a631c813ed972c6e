import Foundation

/// The file the Keychain is kept in: JSON, one object with a format name, a version and the items,
/// written whole and atomically (a crash mid-write leaves the previous file), readable only by its
/// owner. Anything else found there is a damaged keychain: an error, never a crash, and never
/// overwritten.
struct KeychainFile {
    static let formatName = "WidgetHost Keychain"
    static let version = 1

    let url: URL

    private struct Contents: Codable {
        var format: String
        var version: Int
        var items: [KeychainItem]
    }

    /// The items, or none when there is no file yet.
    func read() throws(KeychainFailure) -> [KeychainItem] {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return [] }
            throw .unavailable("cannot read \(url.path): \(error.localizedDescription)")
        }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: bytes)
        } catch {
            throw .damagedFile("\(url.path) is not a keychain file (\(error)); move it aside to start an empty keychain")
        }
        guard contents.format == Self.formatName, contents.version == Self.version else {
            throw .damagedFile("\(url.path) is a \(contents.format) file of version \(contents.version), not \(Self.formatName) \(Self.version)")
        }
        return contents.items
    }

    func write(_ items: [KeychainItem]) throws(KeychainFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let bytes = try encoder.encode(Contents(format: Self.formatName, version: Self.version, items: items))
            try bytes.write(to: url, options: [.atomic])
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        } catch {
            throw .writeFailed("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
