// The renderer draws what layout produces; code that renders also places and measures, so the layout
// module comes with it.
@_exported import WidgetLayout
