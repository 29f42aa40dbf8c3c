import FoundationEssentials

/// An `image` widget: a picture from a file, a folder (one picture after another), a
/// web address or a Home Assistant camera, as the configuration says it; Providers
/// decodes it — never while drawing — and keeps it only as large as its place needs.
package struct ImageWidgetSource: Sendable, Equatable {
    package enum Location: Sendable, Equatable {
        case file(String)
        /// The folder's PNG and JPEG files by name, one per `interval`.
        case folder(String)
        case url(HTTPFetcher)
        /// `/api/camera_proxy/<entity>` of Home Assistant's REST API, with its token.
        case camera(entity: String, fetcher: HTTPFetcher, tokenFile: String)
    }

    package var location: Location
    /// How long one picture stays: the folder's turn, the next fetch of an address.
    package var interval: TimeInterval = 900
    /// Shrinks the picture while decoding until its shorter side is this many pixels.
    package var leastSide = 1_200
    /// Cropped to fill its place (the photo widgets' look), or fitted whole inside it.
    package var fill = true
    /// The most files of a folder looked at.
    package static let folderLimit = 10_000
    /// Seconds one picture may take to decode (on the provider's clock) before it is
    /// stopped: a camera's 12-megapixel JPEG takes well under one on a Pi 4.
    package static let decodeTimeLimit: TimeInterval = 10

    package init(location: Location) {
        self.location = location
    }
}
