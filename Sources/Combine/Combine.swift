// `import Combine` as widget code writes it: OpenCombine, an implementation of Apple's
// Combine in Swift (publishers, subjects, `AnyCancellable`, `ObservableObject` and
// `@Published`), with its Dispatch and Foundation schedulers and publishers
// (`DispatchQueue`, `Timer.publish`, `NotificationCenter`'s). Chosen over writing the
// subset widgets use: docs/WIDGETS.md#combine says what it costs.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
