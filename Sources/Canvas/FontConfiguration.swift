import CPangoCairo

/// fontconfig's configuration, loaded as the library loads it for itself, less the one
/// step a program that draws has no use for.
///
/// fontconfig's own first load (`FcInit`, which the first `FcConfigGetCurrent` runs)
/// reads the system's configuration — `FONTCONFIG_FILE` or `/etc/fonts/fonts.conf`, and
/// through it Debian's rules in `conf.d` — then parses every template in
/// `/usr/share/fontconfig/conf.avail` as well, without applying one: that parse only
/// lists the templates for `fc-conflist`. It is two thirds of the library's start (16.8
/// of 24.5 million instructions, about 4 ms of the `fonts` thread on the test machine,
/// docs/PERFORMANCE.md). Loading the same file into a configuration of our own and
/// making it current leaves out that parse and nothing else: the same rules, folders,
/// caches and fonts.
enum FontConfiguration {
    /// Makes the system's configuration fontconfig's current one; called once, before
    /// anything else in the process asks fontconfig for it. Leaves the load to fontconfig
    /// (which then falls back to its built-in folders, or adds a cache folder of its own)
    /// when the file cannot be read or names no cache folder.
    static func load() {
        guard let config = FcConfigCreate() else { return }
        defer { FcConfigDestroy(config) }
        // A nil name is the file fontconfig would read: FONTCONFIG_FILE, else its default.
        guard FcConfigParseAndLoad(config, nil, FcTrue) == FcTrue, namesCacheFolder(config),
              FcConfigBuildFonts(config) == FcTrue
        else { return }
        // The current configuration holds its own reference; ours goes with the defer.
        _ = FcConfigSetCurrent(config)
    }

    /// Whether `config` names a folder for font caches; without one every start would
    /// scan every font file, which `FcInit` avoids by adding one of its own.
    private static func namesCacheFolder(_ config: OpaquePointer) -> Bool {
        guard let folders = FcConfigGetCacheDirs(config) else { return false }
        defer { FcStrListDone(folders) }
        return FcStrListNext(folders) != nil
    }
}
