import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `AVAsset`: media at a URL, described but never read here.
// `@unchecked Sendable`: immutable after init, as Apple declares it.
open class AVAsset: NSObject, @unchecked Sendable {
    /// The asset's length: indefinite, since nothing is read.
    open var duration: CMTime { .indefinite }
    open var isPlayable: Bool { false }

    public override init() { super.init() }

    public convenience init(url: URL) { self.init() }
}

/// `AVURLAsset`: an asset at a URL, with the options it was opened with (HTTP headers) and the loader
/// that would answer its authentication challenges.
open class AVURLAsset: AVAsset, @unchecked Sendable {
    public let url: URL
    public let options: [String: Any]?
    public let resourceLoader = AVAssetResourceLoader()

    public init(url: URL, options: [String: Any]? = nil) {
        self.url = url
        self.options = options
        super.init()
    }
}

/// `AVAssetResourceLoader`: where an asset's custom loading is delegated. The delegate is kept; no
/// request reaches it, as nothing is loaded.
// `@unchecked Sendable`: its two properties are set with `lock` held.
open class AVAssetResourceLoader: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedDelegate: AVAssetResourceLoaderDelegate?
    private var storedQueue: DispatchQueue?

    open var delegate: AVAssetResourceLoaderDelegate? { lock.withLock { storedDelegate } }
    open var delegateQueue: DispatchQueue? { lock.withLock { storedQueue } }

    open func setDelegate(_ delegate: AVAssetResourceLoaderDelegate?, queue delegateQueue: DispatchQueue?) {
        lock.withLock {
            storedDelegate = delegate
            storedQueue = delegateQueue
        }
    }
}

/// `AVAssetResourceLoaderDelegate`: its methods are optional, as Apple's are.
public protocol AVAssetResourceLoaderDelegate: AnyObject {
    func resourceLoader(_ resourceLoader: AVAssetResourceLoader, shouldWaitForResponseTo authenticationChallenge: URLAuthenticationChallenge) -> Bool
}

extension AVAssetResourceLoaderDelegate {
    public func resourceLoader(_ resourceLoader: AVAssetResourceLoader, shouldWaitForResponseTo authenticationChallenge: URLAuthenticationChallenge) -> Bool {
        false
    }
}
