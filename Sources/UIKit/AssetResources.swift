import WidgetUI

extension UIColor {
    /// `UIColor(resource: .brand)`: a colour set of the target's asset catalog.
    public convenience init(resource: ColorResource) { self.init(value: Color(resource)._colorValue) }
}

extension UIImage {
    /// `UIImage(resource: .logo)`: an image set of the target's asset catalog.
    public convenience init(resource: ImageResource) { self.init(source: .named(resource.name)) }
}
