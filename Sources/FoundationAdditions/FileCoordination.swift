import Foundation

/// `NSFilePresenter`: an object that presents a file and hears of coordinated changes to it.
public protocol NSFilePresenter: AnyObject {
    var presentedItemURL: URL? { get }
    var presentedItemOperationQueue: OperationQueue { get }
}

/// `NSFileCoordinator` (Apple's Foundation has it, Linux's does not): apps coordinate access to the
/// files an app and its extensions share (a Core Data store in the app group, a JSON file). Here an
/// extension is the only process using its data folder, so coordination is within the process:
/// coordinated accessors run one at a time, in the calling thread, with the URL given.
open class NSFileCoordinator: NSObject, @unchecked Sendable {
    public struct ReadingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let withoutChanges = ReadingOptions(rawValue: 1 << 0)
        public static let resolvesSymbolicLink = ReadingOptions(rawValue: 1 << 1)
        public static let immediatelyAvailableMetadataOnly = ReadingOptions(rawValue: 1 << 2)
        public static let forUploading = ReadingOptions(rawValue: 1 << 3)
    }

    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let forDeleting = WritingOptions(rawValue: 1 << 0)
        public static let forMoving = WritingOptions(rawValue: 1 << 1)
        public static let forMerging = WritingOptions(rawValue: 1 << 2)
        public static let forReplacing = WritingOptions(rawValue: 1 << 3)
        public static let contentIndependentMetadataOnly = WritingOptions(rawValue: 1 << 4)
    }

    /// One lock for the process: an accessor may coordinate again (the lock is recursive).
    private static let access = NSRecursiveLock()
    nonisolated(unsafe) private static var presenters: [ObjectIdentifier: NSFilePresenter] = [:]

    public let filePresenter: NSFilePresenter?
    open var purposeIdentifier: String = UUID().uuidString

    public init(filePresenter: NSFilePresenter?) {
        self.filePresenter = filePresenter
        super.init()
    }

    public override convenience init() { self.init(filePresenter: nil) }

    open func coordinate(readingItemAt url: URL, options: ReadingOptions = [], error outError: NSErrorPointer,
                         byAccessor reader: (URL) -> Void) {
        Self.access.lock()
        defer { Self.access.unlock() }
        reader(options.contains(.resolvesSymbolicLink) ? url.resolvingSymlinksInPath() : url)
    }

    open func coordinate(writingItemAt url: URL, options: WritingOptions = [], error outError: NSErrorPointer,
                         byAccessor writer: (URL) -> Void) {
        Self.access.lock()
        defer { Self.access.unlock() }
        writer(url)
    }

    open func coordinate(readingItemAt readingURL: URL, options readingOptions: ReadingOptions = [], writingItemAt writingURL: URL,
                         options writingOptions: WritingOptions = [], error outError: NSErrorPointer,
                         byAccessor readerWriter: (URL, URL) -> Void) {
        Self.access.lock()
        defer { Self.access.unlock() }
        readerWriter(readingURL, writingURL)
    }

    open func cancel() {}

    /// Presenters are kept while added, as Apple's are; no other process changes the files here, so
    /// none is told of a change.
    open class func addFilePresenter(_ filePresenter: NSFilePresenter) {
        access.lock()
        defer { access.unlock() }
        presenters[ObjectIdentifier(filePresenter)] = filePresenter
    }

    open class func removeFilePresenter(_ filePresenter: NSFilePresenter) {
        access.lock()
        defer { access.unlock() }
        presenters[ObjectIdentifier(filePresenter)] = nil
    }

    open class var filePresenters: [NSFilePresenter] {
        access.lock()
        defer { access.unlock() }
        return Array(presenters.values)
    }
}
