extension String {
    /// This text cut to `limit` characters, with an ellipsis where it was cut: how a text
    /// from outside (a timeline's entry, an activity's alert) is bounded before it is laid
    /// out. Its UTF-8 length is looked at first, so a short text is never counted.
    package func cut(to limit: Int) -> String {
        guard utf8.count > limit else { return self }
        let kept = prefix(limit)
        return kept.endIndex == endIndex ? self : kept + "…"
    }
}
