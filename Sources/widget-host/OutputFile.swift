import Foundation
import SystemCalls
import WidgetHostCore
import WidgetStore

/// A command's output file (a render, a report): replaced atomically, so a reader never sees half of
/// it, but not synced to disk, since it can always be made again from the archive.
enum OutputFile {
    /// Writes a single-file output to `out`, or to standard output for `-` (the summary then goes to
    /// standard error, so a pipe gets the bytes alone).
    static func deliver(_ bytes: [UInt8], to out: String, summary: String) throws(CommandFailure) {
        if out == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            FileHandle.standardError.write(Data("widget-host: \(summary) to standard output\n".utf8))
        } else {
            try write(bytes, to: URL(fileURLWithPath: out))
            print("\(summary) to \(out)")
        }
    }

    static func write(_ bytes: [UInt8], to url: URL) throws(CommandFailure) {
        try refuseAnythingButAFile(at: url)
        do {
            try DurableFile.replace(url.path, with: bytes)
        } catch .io(_, let code) {
            throw CommandFailure("cannot write \(url.path): \(code)")
        } catch {
            throw CommandFailure("cannot write \(url.path): \(error)")
        }
    }

    static func write(_ text: String, to url: URL) throws(CommandFailure) {
        try write(Array(text.utf8), to: url)
    }

    /// Only a regular file (or nothing) is replaced: never a folder, a device, a FIFO or a socket, and
    /// never a symbolic link (replacing the link would surprise whoever made it, and following it
    /// would write wherever it points). Checked just before writing.
    private static func refuseAnythingButAFile(at url: URL) throws(CommandFailure) {
        guard let status = try? FileSystem.status(url.path) else { return }
        let kind: String? = switch status.kind {
        case .regular: nil
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .characterDevice, .blockDevice: "a device"
        case .socket: "a socket"
        case .unknown: "not a regular file"
        }
        if let kind { throw CommandFailure("cannot write \(url.path): it is \(kind), and widget-host replaces only regular files") }
    }

    /// Creates an output folder and its parents (as `mkdir -p`), or says which part failed and why.
    static func createDirectory(_ url: URL) throws(CommandFailure) {
        var path = ""
        for component in url.standardizedFileURL.pathComponents {
            path = component == "/" ? "/" : (path.hasSuffix("/") ? path : path + "/") + component
            do {
                try FileSystem.makeDirectory(path, permissions: 0o755)
            } catch .fileExists {
                if (try? FileSystem.status(path, followingLinks: true))?.kind == .directory { continue }
                throw CommandFailure("cannot create \(url.path): \(path) is not a folder")
            } catch {
                throw CommandFailure("cannot create \(url.path): \(path): \(error)")
            }
        }
    }
}
