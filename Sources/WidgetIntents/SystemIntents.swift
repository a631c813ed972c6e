import Foundation

/// `SystemIntent`: an intent of a kind the system knows (audio playback, Live Activities…). Each is an
/// `AppIntent`, performed here as any other when a control is tapped.
public protocol SystemIntent: AppIntent {}

/// `AudioPlaybackIntent` (iOS 17): an intent that plays, pauses or changes audio. On Apple's platforms
/// the system avoids interrupting the audio; here it is a button's intent like any other.
public protocol AudioPlaybackIntent: SystemIntent {}

/// `AudioStartingIntent` (iOS 16, replaced by `AudioPlaybackIntent`).
public protocol AudioStartingIntent: SystemIntent {}
