import Foundation

/// Where an extension's requests go. A device is online or not; a test wants neither surprise, so the
/// host also records and replays.
public enum NetworkMode: Hashable, Sendable, CustomStringConvertible {
    /// Every request fails as on a device offline (`URLError.notConnectedToInternet`).
    case off
    /// The host fetches each allowed request.
    case live
    /// As `live`, and each answer is saved in the folder, to replay later.
    case record(folder: String)
    /// Answered from the folder's recordings only, never the network: a request with no recording
    /// fails as offline, and the event names it.
    case replay(folder: String)

    /// From the command line's words: `off`, `live`, `record DIR`, `replay DIR`.
    public init(_ word: String, folder: String?) throws(NetworkModeError) {
        switch (word, folder) {
        case ("off", nil): self = .off
        case ("live", nil): self = .live
        case ("record", let folder?): self = .record(folder: folder)
        case ("replay", let folder?): self = .replay(folder: folder)
        case ("record", nil), ("replay", nil): throw .folderMissing(mode: word)
        case ("off", _), ("live", _): throw .unexpectedFolder(mode: word)
        default: throw .unknown(word)
        }
    }

    /// Whether the mode's word takes a folder after it.
    public static func takesFolder(_ word: String) -> Bool { word == "record" || word == "replay" }

    public var description: String {
        switch self {
        case .off: "off"
        case .live: "live"
        case .record(let folder): "record \(folder)"
        case .replay(let folder): "replay \(folder)"
        }
    }
}

public enum NetworkModeError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknown(String)
    case folderMissing(mode: String)
    case unexpectedFolder(mode: String)

    public var description: String {
        switch self {
        case .unknown(let word): "unknown network mode \(word) (expected live, off, record DIR or replay DIR)"
        case .folderMissing(let mode): "network mode \(mode) needs a folder: --network \(mode) DIR"
        case .unexpectedFolder(let mode): "network mode \(mode) takes no folder"
        }
    }
}
