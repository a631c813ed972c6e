import Foundation

/// `AsyncImage`: an image loaded from a URL. A widget's view is archived once, before anything could
/// load, and WidgetKit shows no image it would have to fetch: so it archives its placeholder (the
/// `.empty` phase), as a widget on the device shows, and tells the author once.
public nonisolated struct AsyncImage<Content: View>: View {
    private let content: Content

    public init(url: URL?, scale: CGFloat = 1) where Content == _AsyncImagePlaceholder {
        content = _AsyncImagePlaceholder()
    }

    public init<I: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: @escaping () -> Content
    ) {
        self.content = placeholder()
    }

    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
                @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        self.content = content(.empty)
    }

    public var body: some View {
        content.archived(node: { builder in
            builder.warn("AsyncImage draws its placeholder: a widget loads no image from the network while it is drawn")
            return nil
        })
    }
}

/// What `AsyncImage(url:)` shows before its image arrives: a neutral fill.
public nonisolated struct _AsyncImagePlaceholder: View {
    public var body: some View { Color.gray.opacity(0.3) }
}

/// Where an `AsyncImage`'s loading stands.
public enum AsyncImagePhase: Sendable {
    case empty
    case success(Image)
    case failure(any Error)

    public var image: Image? { if case .success(let image) = self { image } else { nil } }
    public var error: (any Error)? { if case .failure(let error) = self { error } else { nil } }
}
