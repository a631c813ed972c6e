import Foundation
import SystemCalls
import WidgetStore

/// A file a person writes to tell the host what to do (a `run` configuration, a `simulate` scenario):
/// at most 4 MiB, refused from its size before it is read, its errors named as the file's.
public enum SettingsFile {
    public static let largest = 4 << 20

    public static func read(_ path: String) throws(HostError) -> Data {
        do {
            return Data(try DurableFile.read(path, limit: largest))
        } catch .io(_, let code) where code == .noSuchFile {
            throw .configuration(path: path, .noSuchFile)
        } catch {
            throw .configuration(path: path, .unreadable(error))
        }
    }
}
