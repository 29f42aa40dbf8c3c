#ifndef C_ACCESSORY_HOOKS_H
#define C_ACCESSORY_HOOKS_H

#include <stddef.h>
#include <stdint.h>

// The stock command line's entry for `@main` widgets and bundles, defined by the
// LockscreendCLI module. Weak: a program that does not link that module sees a null
// address here instead of failing to link, and is told what to add.
void lockscreend_widget_main(void) __attribute__((weak));

/// Runs the stock command line when it is linked in (never returns then); 0 when not.
static inline int accessory_run_widget_main(void) {
    if (lockscreend_widget_main) {
        lockscreend_widget_main();
        return 1;
    }
    return 0;
}

/// A record the program's code places in a section of its own, found at run time: a
/// tag and a function that makes the value in the memory it is given. `#Preview`'s
/// expansion places one per preview in `lockscreend_previews`; the
/// CoreDataModelGeneration plugin's code one per model file in `lockscreend_models`.
struct accessory_section_record {
    uint32_t tag;
    void (*make)(void *out);
};

/// Declares the linker's bounds of the section NAME (weak, so a program without records
/// links) and a function READER giving its records and their count (0 when it has none).
#define ACCESSORY_SECTION_READER(NAME, READER) \
    extern const struct accessory_section_record __start_##NAME[] __attribute__((weak)); \
    extern const struct accessory_section_record __stop_##NAME[] __attribute__((weak)); \
    static inline const struct accessory_section_record *READER(size_t *count) { \
        if (!__start_##NAME || !__stop_##NAME) { \
            *count = 0; \
            return NULL; \
        } \
        *count = (size_t)(__stop_##NAME - __start_##NAME); \
        return __start_##NAME; \
    }

ACCESSORY_SECTION_READER(lockscreend_previews, accessory_preview_records)
ACCESSORY_SECTION_READER(lockscreend_models, accessory_model_records)

#endif
