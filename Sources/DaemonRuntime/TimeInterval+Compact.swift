import FoundationEssentials

extension TimeInterval {
    /// "10 s", "1.5 s".
    package var compactSeconds: String {
        self == rounded() ? "\(Int(self)) s" : "\(self) s"
    }
}
