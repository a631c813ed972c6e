// The `AVFoundation` compat module: assets, players and their items as app code shared with a widget
// uses them (a thumbnail taken from a camera's stream, a sound). Widgets cannot play media, and nothing
// is decoded here: a player that is asked to play fails its item, as a device does for media it cannot
// open. The item's `status` becomes `.failed` with an error, announced to its key-value observers, and
// the first failure says once on standard error why.
//
// As on Apple's platforms, `import AVFoundation` brings Foundation, Core Media's time, Core Video's
// buffers and Core Image (its video compositions filter `CIImage`s).
@_exported import CoreImage
@_exported import CoreMedia
@_exported import CoreVideo
@_exported import Foundation
@_exported import FoundationAdditions
