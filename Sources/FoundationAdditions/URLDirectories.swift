import Foundation

// The common folders as `URL` properties (iOS 16), which Linux's Foundation lacks; `temporaryDirectory`
// and `homeDirectory` it has. Each is where `FileManager` puts that folder for the current user (the
// XDG folders on Linux), so they agree with `FileManager.default.urls(for:in:)`.
extension URL {
    public static var applicationSupportDirectory: URL { userFolder(.applicationSupportDirectory, fallback: "Library/Application Support") }
    public static var documentsDirectory: URL { userFolder(.documentDirectory, fallback: "Documents") }
    public static var cachesDirectory: URL { userFolder(.cachesDirectory, fallback: "Library/Caches") }
    public static var libraryDirectory: URL { userFolder(.libraryDirectory, fallback: "Library") }

    private static func userFolder(_ folder: FileManager.SearchPathDirectory, fallback: String) -> URL {
        FileManager.default.urls(for: folder, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(fallback, isDirectory: true)
    }
}
