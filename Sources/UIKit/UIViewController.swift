import Foundation
import FoundationAdditions

/// `UIViewController` as app code shared with a widget makes one (an alert, a Safari view, a helper
/// that presents). A widget extension has no window: `present(_:animated:completion:)` shows nothing,
/// does not call its completion (as UIKit does for a controller whose view is not in a window), and
/// says so once on standard error.
open class UIViewController: UIResponder, @unchecked Sendable {
    open var title: String?
    open private(set) var presentedViewController: UIViewController?
    open private(set) weak var presentingViewController: UIViewController?
    private var loadedView: UIView?

    public override init() { super.init() }

    public convenience init(nibName: String?, bundle: Bundle?) { self.init() }

    /// The controller's view, made on first use by `loadView()`, as UIKit does.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    open var isViewLoaded: Bool { loadedView != nil }

    open func loadView() { loadedView = UIView(frame: UIScreen.main.bounds) }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        Self.windowless.sayOnce()
    }

    /// Told once per process: a controller was presented where nothing can be shown.
    private static let windowless = OneTimeNotice(
        "UIKit: a widget extension has no window; present(_:animated:completion:) shows nothing and does not call its completion")

    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        completion?()
    }
}

/// `UIAlertController`: an alert's title, message and actions, kept (nothing is shown).
open class UIAlertController: UIViewController, @unchecked Sendable {
    public enum Style: Int, Sendable { case actionSheet, alert }

    open var message: String?
    public let preferredStyle: Style
    open private(set) var actions: [UIAlertAction] = []
    open var preferredAction: UIAlertAction?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
    }

    open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

/// `UIAlertAction`: a button of an alert, with the handler it would call.
open class UIAlertAction: NSObject, @unchecked Sendable {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
