// In the widget's synchronized folder but excepted from the widget target by its exception set:
// it does not compile, so a build that took it would fail.
this file is not Swift
