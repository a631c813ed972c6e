import Foundation
import WidgetHostCore

/// A command's output file (a render, a report): replaced atomically, so a reader never sees half of
/// it, but not synced to disk, since it can always be made again from the archive.
enum OutputFile {
    static func write(_ bytes: [UInt8], to url: URL) throws(CommandFailure) {
        do {
            try DurableFile.replace(url.path, with: bytes)
        } catch .storeIO(_, let code) {
            throw CommandFailure("cannot write \(url.path): \(String(cString: strerror(code)))")
        } catch {
            throw CommandFailure("cannot write \(url.path): \(error)")
        }
    }

    static func write(_ text: String, to url: URL) throws(CommandFailure) {
        try write(Array(text.utf8), to: url)
    }
}
