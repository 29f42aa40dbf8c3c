// Foundation's `LocalizedStringResource`, which every intent's title is, comes with App
// Intents' names as it comes with Foundation on Apple's systems.
@_exported import FoundationAdditions
