import Foundation
import SystemCalls
import WidgetArchive
import WidgetControl
import WidgetProcess
import WidgetProtocol
import WidgetStore

/// What went wrong on the host side, with the context a user needs to act on it.
public enum HostError: Error, Hashable, Sendable {
    /// The extension's process could not be started (the failed step, with its `errno`).
    case launch(LaunchError)
    case system(call: String, Errno)
    /// The extension did not say hello in time, or said something else first.
    case handshakeFailed(extensionID: String, HandshakeFailure)
    case protocolVersionMismatch(extensionID: String, found: UInt16, expected: UInt16)
    /// The extension's `hello` names it otherwise than the host does (from its executable): a
    /// protocol violation, refused before it can touch another extension's store.
    case identityMismatch(extensionID: String, declared: String)
    /// The connection failed (closed, garbage, over a limit).
    case connectionFailed(extensionID: String, ProtocolError)
    /// The extension answered a request with a failure message.
    case requestFailed(extensionID: String, kind: String, code: Failure.Code, message: String)
    /// No answer before the deadline.
    case timedOut(extensionID: String, request: String, seconds: Double)
    /// An archive from the extension did not decode or did not match the request.
    case invalidArchive(extensionID: String, kind: String, entry: Int, ArchiveRefusal)
    /// The extension does not offer this widget kind or family.
    case unknownWidget(extensionID: String, kind: String, family: String)
    /// A store file could not be written or read back: the failed call's error, a corrupt file, a
    /// file larger than any of its kind.
    case store(StoreError)
    /// An extension's data folder holds more than its quota; it is not launched until it holds less.
    case dataQuotaExceeded(extensionID: String, path: String, bytes: Int, quota: Int)
    case noTimeline(extensionID: String, kind: String, family: String)
    /// Nothing to tap with that id, label or position.
    case noSuchElement(instance: String, element: String)
    /// The control socket could not be made where asked (`run`).
    case controlSocket(path: String, ControlSocketRefusal)
    /// A running host could not be reached over its control socket (the client commands, `watch`).
    case controlConnection(ControlConnectionError)
    /// A configuration file is missing or wrong.
    case configuration(path: String, ConfigurationProblem)
    /// The extension failed recently and may not be relaunched before `until`.
    case backingOff(extensionID: String, until: Date)
    /// The control asks to be configured when it is added (`promptsForUserConfiguration()`), and the
    /// instance names no configuration.
    case needsConfiguration(extensionID: String, kind: String)
    /// The widget cannot be shown at that placement (a visionOS mounting style it does not support).
    case placementRefused(extensionID: String, kind: String, placement: String, reason: String)
}

extension HostError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .launch(let error): error.description
        case .system(let call, let e): "\(call) failed: \(e)"
        case .handshakeFailed(let id, let reason): "extension \(id): handshake failed: \(reason)"
        case .protocolVersionMismatch(let id, let found, let expected): "extension \(id) speaks protocol \(found), the host speaks \(expected)"
        case .identityMismatch(let id, let declared):
            "extension \(id) introduced itself as \"\(declared)\": an extension is named by its executable, and cannot choose another name"
        case .connectionFailed(let id, let error): "extension \(id): \(error)"
        case .requestFailed(let id, let kind, let code, let message): "extension \(id), widget \(kind): \(code): \(message)"
        case .timedOut(let id, let request, let seconds): "extension \(id): no answer to \(request) within \(seconds) s"
        case .invalidArchive(let id, let kind, let entry, let reason): "extension \(id), widget \(kind), entry \(entry): invalid archive: \(reason)"
        case .unknownWidget(let id, let kind, let family): "extension \(id) has no widget \(kind) in family \(family)"
        case .store(let error): error.description
        case .dataQuotaExceeded(let id, let path, let bytes, let quota):
            "extension \(id): its data folder \(path) holds at least \(Self.mebibytes(bytes)), over its quota of \(Self.mebibytes(quota)); not launched until it holds less"
        case .noTimeline(let id, let kind, let family): "no stored timeline for \(id) \(kind) \(family)"
        case .noSuchElement(let instance, let element): "widget \(instance) has no tappable element \(element)"
        case .controlSocket(let path, let refusal): "control socket \(path): \(refusal)"
        case .controlConnection(let error): "control socket \(error)"
        case .configuration(let path, let problem): "configuration \(path): \(problem)"
        case .backingOff(let id, let until): "extension \(id) failed recently; not relaunched before \(until)"
        case .needsConfiguration(let id, let kind):
            "extension \(id): \(kind) asks to be configured when it is added (promptsForUserConfiguration); give the instance a configuration"
        case .placementRefused(let id, let kind, let placement, let reason): "extension \(id), widget \(kind) at \(placement): \(reason)"
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes == Int.max ? "more files than can be counted" : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

/// Why an extension's first message was not the hello the host waits for.
public enum HandshakeFailure: Hashable, Sendable, CustomStringConvertible {
    /// Nothing came before the handshake's deadline.
    case noHello(seconds: Double)
    /// The connection failed first: closed, garbage, a frame over its limit.
    case connection(ProtocolError)
    /// A message came, but not a hello.
    case notHello

    public var description: String {
        switch self {
        case .noHello(let seconds): "no hello within \(seconds) s"
        case .connection(let error): "\(error)"
        case .notHello: "first message was not hello"
        }
    }
}

/// Why an archive from an extension was refused: the decoder's own error, or what it decoded to did
/// not answer the request.
public enum ArchiveRefusal: Hashable, Sendable, CustomStringConvertible {
    /// It did not decode (the decoder's error, with its byte offset); for a Live Activity, in the
    /// presentation of `family`.
    case undecodable(ArchiveDecodingError, family: WidgetFamily? = nil)
    /// Another number of archives than the variants asked for.
    case archiveCount(found: Int, expected: Int)
    /// It decoded, but is for another widget, family or variant than asked (each as written).
    case mismatch(found: String, expected: String)
    /// A Live Activity presentation not asked for, given twice, or not one archive per variant.
    case unexpectedPresentation(WidgetFamily)

    public var description: String {
        switch self {
        case .undecodable(let error, let family): family.map { "\($0): \(error)" } ?? "\(error)"
        case .archiveCount(let found, let expected): "\(found) archives for \(expected) variant\(expected == 1 ? "" : "s")"
        case .mismatch(let found, let expected): "archive is for \(found), not \(expected)"
        case .unexpectedPresentation(let family): "\(family): not asked for, given twice, or not one archive per variant"
        }
    }
}

/// Why `run` could not make its control socket at the path asked.
public enum ControlSocketRefusal: Hashable, Sendable, CustomStringConvertible {
    /// Something other than a socket is at the path; it is never replaced.
    case notASocket
    /// A host answers on the socket already; its socket is not taken over.
    case anotherHostRunning
    /// `bind` failed, with its `errno`.
    case bindFailed(Errno)
    /// The socket could not be made mode 0600, and was removed.
    case notOwnerOnly

    public var description: String {
        switch self {
        case .notASocket: "a non-socket file is in the way"
        case .anotherHostRunning: "another host is running"
        case .bindFailed(let errno): errno.description
        case .notOwnerOnly: "could not make the socket owner-only"
        }
    }
}
