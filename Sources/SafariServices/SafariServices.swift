// The `SafariServices` compat module: the in-app browser controller, which app code shared with a widget
// may name (a "Learn more" link). Nothing is shown here (see `UIViewController`). As on Apple's
// platforms, `import SafariServices` brings UIKit.
@_exported import UIKit

/// `SFSafariViewController`: a controller that would show the page at `url`.
open class SFSafariViewController: UIViewController, @unchecked Sendable {
    public enum DismissButtonStyle: Int, Sendable { case done, close, cancel }

    /// `SFSafariViewController.Configuration`: how the browser would show the page.
    open class Configuration: NSObject, @unchecked Sendable {
        open var entersReaderIfAvailable = false
        open var barCollapsingEnabled = true
        public override init() { super.init() }
    }

    public let url: URL
    public let configuration: Configuration
    open var preferredBarTintColor: UIColor?
    open var preferredControlTintColor: UIColor?
    open var dismissButtonStyle = DismissButtonStyle.done
    open weak var delegate: SFSafariViewControllerDelegate?

    public init(url URL: URL, configuration: Configuration = Configuration()) {
        self.url = URL
        self.configuration = configuration
        super.init()
    }
}

/// `SFSafariViewControllerDelegate`: its methods are optional, as Apple's are.
public protocol SFSafariViewControllerDelegate: AnyObject {
    func safariViewControllerDidFinish(_ controller: SFSafariViewController)
}

extension SFSafariViewControllerDelegate {
    public func safariViewControllerDidFinish(_ controller: SFSafariViewController) {}
}
